//! Players' names, passwords and chat text, checked in words (no socket, no database):
//! - a name is 3–20 characters, letters, digits, spaces and `-_.'`, no control character,
//!   nothing from a short list of offensive words; unique case-insensitively (the store
//!   checks that, on [`name_key`]);
//! - a password is 8–256 characters, hashed with Argon2id (RustCrypto `argon2`, its default
//!   parameters: 19 MiB, 2 passes) into a PHC string with its own salt;
//! - a session is a random bearer token; only its SHA-256 is stored (`store::token_hash`);
//! - a chat message is at most [`CHAT_MAX`] characters once control characters are stripped,
//!   and never interpreted: `<script>` stays `<script>`, the client shows text.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use base64::Engine as _;
use rand::RngCore as _;

/// The shortest name.
pub const NAME_MIN: usize = 3;
/// The longest name.
pub const NAME_MAX: usize = 20;
/// The shortest password.
pub const PASSWORD_MIN: usize = 8;
/// The longest password (hashing costs the same; a megabyte would only cost the reading).
pub const PASSWORD_MAX: usize = 256;
/// The longest chat message, in characters.
pub const CHAT_MAX: usize = 140;

/// Parts of words no name may hold (compared without case, spaces or punctuation). Short on
/// purpose: it catches the obvious, a moderator the rest.
const OFFENSIVE: &[&str] = &[
    "fuck",
    "shit",
    "cunt",
    "nigger",
    "faggot",
    "whore",
    "bitch",
    "asshole",
    "hitler",
    "nazi",
    "kurva",
    "geci",
    "fasz",
    "picsa",
    "buzi",
    "cigany",
    "admin",
    "moderator",
];

/// `n` random bytes as URL-safe base64 without padding.
#[must_use]
pub fn random_text(n: usize) -> String {
    let mut b = vec![0u8; n];
    rand::rng().fill_bytes(&mut b);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// A new session token (the bearer's secret).
#[must_use]
pub fn new_session() -> String {
    random_text(24)
}

/// A new player id.
#[must_use]
pub fn new_player_id() -> String {
    random_text(9)
}

/// A guest's generated name: `guest-` and six random letters and digits.
#[must_use]
pub fn guest_name() -> String {
    const ABC: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut b = [0u8; 6];
    rand::rng().fill_bytes(&mut b);
    let tail: String = b
        .iter()
        .map(|x| ABC[*x as usize % ABC.len()] as char)
        .collect();
    format!("guest-{tail}")
}

/// The form names are unique in: lower case.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Check a name someone chose; the name as kept (spaces at its ends trimmed).
///
/// # Errors
/// Too short or long, a control or other unusual character, an offensive-looking word.
pub fn check_name(name: &str) -> Result<String, String> {
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters (line breaks, tabs, …)".into());
    }
    let name = name.trim();
    let n = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&n) {
        return Err(format!(
            "a name is {NAME_MIN} to {NAME_MAX} characters, not {n}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '\'')))
    {
        return Err(format!(
            "a name holds letters, digits, spaces and - _ . ' only, not {c:?}"
        ));
    }
    if name.contains("  ") {
        return Err("a name has one space between words".into());
    }
    let plain: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .map(fold_accent)
        .collect();
    if OFFENSIVE.iter().any(|w| plain.contains(w)) {
        return Err("this name is not allowed here: choose another".into());
    }
    if plain.starts_with("guest") {
        return Err("names beginning with guest are the server's for guests".into());
    }
    Ok(name.to_string())
}

/// A Hungarian accented vowel as its plain letter (for the offensive-word check).
fn fold_accent(c: char) -> char {
    match c {
        'á' => 'a',
        'é' => 'e',
        'í' => 'i',
        'ó' | 'ö' | 'ő' => 'o',
        'ú' | 'ü' | 'ű' => 'u',
        c => c,
    }
}

/// Check a new password's length.
///
/// # Errors
/// Too short or too long, in words.
pub fn check_password(p: &str) -> Result<(), String> {
    let n = p.chars().count();
    if n < PASSWORD_MIN {
        return Err(format!("a password is at least {PASSWORD_MIN} characters"));
    }
    if p.len() > PASSWORD_MAX {
        return Err(format!("a password is at most {PASSWORD_MAX} bytes"));
    }
    Ok(())
}

/// The Argon2id hash of a password (a PHC string: algorithm, parameters, salt, hash).
///
/// # Errors
/// The hasher failed (it does not with its default parameters).
pub fn hash_password(p: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default()
        .hash_password(p.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// A fixed hash to check against when a name has no account, so that a wrong name takes as
/// long as a wrong password.
fn dummy_hash() -> &'static str {
    static H: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    H.get_or_init(|| hash_password("not anyone's password").unwrap_or_default())
}

/// Does `p` match `hash` (`None`: no such account — checked against a dummy all the same)?
#[must_use]
pub fn verify_password(p: &str, hash: Option<&str>) -> bool {
    let known = hash.is_some();
    let h = hash.unwrap_or_else(|| dummy_hash());
    let Ok(parsed) = PasswordHash::new(h) else {
        return false;
    };
    Argon2::default()
        .verify_password(p.as_bytes(), &parsed)
        .is_ok()
        && known
}

/// A chat message as stored and sent: control characters stripped, spaces at its ends
/// trimmed, nothing else changed.
///
/// # Errors
/// Empty, or over [`CHAT_MAX`] characters, in words.
pub fn clean_chat(text: &str) -> Result<String, String> {
    if text.len() > CHAT_MAX * 4 {
        return Err(format!("a chat message is at most {CHAT_MAX} characters"));
    }
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    let clean = clean.trim();
    if clean.is_empty() {
        return Err("an empty chat message".into());
    }
    if clean.chars().count() > CHAT_MAX {
        return Err(format!("a chat message is at most {CHAT_MAX} characters"));
    }
    Ok(clean.to_string())
}

/// What two chat messages are compared on to find near-duplicates: letters and digits in
/// lower case, runs of one repeated character counted once.
#[must_use]
pub fn chat_key(text: &str) -> String {
    let mut out = String::new();
    for c in text
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
    {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_in_words() {
        assert_eq!(check_name("  Kovács Pál ").unwrap(), "Kovács Pál");
        assert!(check_name("ab").unwrap_err().contains("3 to 20"));
        assert!(check_name(&"x".repeat(21)).is_err());
        assert!(check_name("bad\u{7}name").unwrap_err().contains("control"));
        assert!(check_name("a<script>").unwrap_err().contains("not '<'"));
        assert!(check_name("Big Fa.sz").unwrap_err().contains("not allowed"));
        assert!(check_name("guest-abc").is_err());
        assert_eq!(name_key("KoVács"), "kovács");
        assert!(
            check_name(&guest_name()).is_err(),
            "guests' names are the server's"
        );
        assert_eq!(guest_name().len(), 12);
    }

    #[test]
    fn passwords_hash_with_argon2id_and_verify() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", Some(&h)));
        assert!(!verify_password("wrong horse", Some(&h)));
        assert!(!verify_password("not anyone's password", None));
        assert!(check_password("short").is_err());
        assert!(check_password(&"x".repeat(300)).is_err());
    }

    #[test]
    fn chat_is_stripped_of_control_characters_and_nothing_else() {
        assert_eq!(
            clean_chat(" hi\u{0}\u{1b}[31m there ").unwrap(),
            "hi[31m there"
        );
        assert_eq!(
            clean_chat("<script>alert(1)</script>").unwrap(),
            "<script>alert(1)</script>"
        );
        assert!(clean_chat(&"a".repeat(141)).is_err());
        assert!(clean_chat(&"é".repeat(140)).is_ok());
        assert!(clean_chat("\u{7}\n").is_err());
        assert_eq!(chat_key("Hellooo, World!"), chat_key("hello world"));
    }
}
