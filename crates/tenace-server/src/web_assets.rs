//! The browser page: the files of `web/`, embedded in the binary so that `tenace serve` on
//! a fresh machine serves the whole page with nothing beside it. A debug build reads them
//! from the source tree instead, so an edited page shows on reload without a rebuild.

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The page's files.
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebFiles;

/// What the page may load and connect to: only this server. No inline script; styles set
/// through the DOM (not `style` attributes in markup) are allowed by CSP.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; \
     base-uri 'none'; form-action 'self'";

/// Answers a GET outside the API with a file of the page. A path naming no file (such as
/// a table's address `/t/12`) gets `index.html`, whose script reads the address itself.
pub(crate) async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    // Paths under `/api/` never come here: the router's fallback answers them.
    let path = uri.path().trim_start_matches('/');
    let (name, file) = match WebFiles::get(path).filter(|_| !path.is_empty()) {
        Some(file) => (path, file),
        None => match WebFiles::get("index.html") {
            Some(file) => ("index.html", file),
            None => return (StatusCode::NOT_FOUND, "the page is not built in").into_response(),
        },
    };
    let etag = format!(
        "\"{}\"",
        file.metadata
            .sha256_hash()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        file.data.into_owned().into_response()
    };
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(file.metadata.mimetype()) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    // Revalidated on every load: a new server version must never run an old script.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if name == "index.html" {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}
