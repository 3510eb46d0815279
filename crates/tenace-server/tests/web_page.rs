//! The browser page is served by the server itself: its files come from the binary (a
//! debug build reads them from the source tree), a table's address gets the page, the
//! page's HTML carries a strict content security policy, and an unchanged file is
//! answered `304` to a revalidation.

mod support;

use support::{Server, temp_db};

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

#[tokio::test]
async fn the_page_and_its_modules_are_served_with_their_types() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;

    let (status, head, body) = server.http_with_head("GET", "/", None, None, &[]).await;
    assert_eq!(status, 200);
    assert!(
        body.contains("<script type=\"module\" src=\"/app.js\">"),
        "{body}"
    );
    assert!(
        header(&head, "content-type")
            .unwrap()
            .starts_with("text/html")
    );
    let csp = header(&head, "content-security-policy").expect("a CSP on the page");
    assert!(csp.contains("default-src 'self'") && csp.contains("script-src 'self'"));

    // A table's address is the page too: its script reads the address.
    let (status, _, table_page) = server.http_with_head("GET", "/t/12", None, None, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(table_page, body);

    let (status, head, module) = server
        .http_with_head("GET", "/dom.js", None, None, &[])
        .await;
    assert_eq!(status, 200);
    assert!(module.contains("export function h("));
    assert!(
        header(&head, "content-type")
            .unwrap()
            .contains("javascript")
    );
    assert_eq!(header(&head, "x-content-type-options"), Some("nosniff"));

    // Revalidation: the same file answers 304 to its own tag, with no body.
    let etag = header(&head, "etag").expect("an ETag").to_string();
    let (status, _, empty) = server
        .http_with_head(
            "GET",
            "/dom.js",
            None,
            None,
            &[&format!("If-None-Match: {etag}")],
        )
        .await;
    assert_eq!(status, 304);
    assert!(empty.is_empty());

    // An unknown API path is an API 404, never the page.
    let (status, _, body) = server
        .http_with_head("GET", "/api/nope", None, None, &[])
        .await;
    assert_eq!(status, 404);
    assert!(!body.contains("<html"));
    server.stop().await;
}
