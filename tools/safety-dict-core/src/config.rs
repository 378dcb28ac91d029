//! Settings read from `book.toml`: the one place the site's base URL is set.

use std::path::Path;

use serde::Deserialize;

/// Used when `book.toml` sets no `site-url`.
pub const DEFAULT_SITE_URL: &str = "/";

#[derive(Debug, Deserialize, Default)]
struct BookToml {
    #[serde(default)]
    output: Output,
}

#[derive(Debug, Deserialize, Default)]
struct Output {
    #[serde(default)]
    html: Html,
}

#[derive(Debug, Deserialize, Default)]
struct Html {
    #[serde(default, rename = "site-url")]
    site_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid TOML: {source}")]
    Parse {
        path: String,
        source: toml::de::Error,
    },
}

/// The `[output.html] site-url` of `<root>/book.toml`, ending in `/`; the default when the
/// file or the key is absent.
pub fn site_url(root: &Path) -> Result<String, ConfigError> {
    site_url_from(&crate::files::Files::Disk(root.to_path_buf()))
}

/// [`site_url`] of a set of files.
pub fn site_url_from(files: &crate::files::Files) -> Result<String, ConfigError> {
    let rel = Path::new("book.toml");
    let path = files.display_path(rel);
    let text = match files.read(rel) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(DEFAULT_SITE_URL.to_string())
        }
        Err(source) => {
            return Err(ConfigError::Io {
                path: path.display().to_string(),
                source,
            })
        }
    };
    let book: BookToml = toml::from_str(&text).map_err(|source| ConfigError::Parse {
        path: path.display().to_string(),
        source,
    })?;
    Ok(normalise_base(
        book.output
            .html
            .site_url
            .as_deref()
            .unwrap_or(DEFAULT_SITE_URL),
    ))
}

pub fn normalise_base(url: &str) -> String {
    let url = url.trim();
    if url.ends_with('/') {
        url.to_string()
    } else {
        format!("{url}/")
    }
}
