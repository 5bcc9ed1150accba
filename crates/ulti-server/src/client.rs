//! Who a request comes from: the peer's address, or behind a trusted reverse proxy the
//! client's address from `X-Forwarded-For`, and the key the per-address limits count by (an
//! IPv6 client's /64: one household or server holds a whole /64, 2^64 addresses).

use std::net::{IpAddr, Ipv6Addr};

use ipnet::IpNet;

/// The client's address: `peer` itself, unless `peer` is in `trusted` — then the rightmost
/// address of `forwarded` (the `X-Forwarded-For` values, in order) that is not in `trusted`.
/// Every proxy appends the address it got the request from, so addresses left of the last
/// untrusted one were written by the client and prove nothing. A header that does not parse
/// counts as absent (the proxy's own address is used).
#[must_use]
pub fn client_ip<'a>(
    peer: IpAddr,
    forwarded: impl IntoIterator<Item = &'a str>,
    trusted: &[IpNet],
) -> IpAddr {
    let peer = canonical(peer);
    if !is_trusted(peer, trusted) {
        return peer;
    }
    let mut hops: Vec<IpAddr> = Vec::new();
    for value in forwarded {
        for part in value.split(',') {
            match parse_hop(part.trim()) {
                Some(ip) => hops.push(canonical(ip)),
                None => return peer,
            }
        }
    }
    hops.into_iter()
        .rev()
        .find(|ip| !is_trusted(*ip, trusted))
        .unwrap_or(peer)
}

/// One `X-Forwarded-For` entry: an address, possibly `[v6]:port` or `v4:port`.
fn parse_hop(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sa) = s.parse::<std::net::SocketAddr>() {
        return Some(sa.ip());
    }
    None
}

/// Is `ip` in one of the trusted proxies' ranges?
#[must_use]
pub fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    trusted.iter().any(|n| n.contains(&ip))
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is that IPv4 address.
#[must_use]
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// What the per-address limits count by: an IPv4 address, or an IPv6 address's /64.
#[must_use]
pub fn bucket(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_counts_only_from_a_trusted_proxy() {
        let proxy: Vec<IpNet> = vec![
            "127.0.0.1/32".parse().unwrap(),
            "10.0.0.0/8".parse().unwrap(),
        ];
        // Not from a proxy: the header is the client's own words.
        assert_eq!(
            client_ip(ip("203.0.113.9"), ["1.2.3.4"], &proxy),
            ip("203.0.113.9")
        );
        // From the proxy: the rightmost untrusted hop.
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["1.2.3.4"], &proxy),
            ip("1.2.3.4")
        );
        // A client that writes its own header cannot choose its address.
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["6.6.6.6, 1.2.3.4, 10.1.1.1"], &proxy),
            ip("1.2.3.4")
        );
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["6.6.6.6", "1.2.3.4"], &proxy),
            ip("1.2.3.4")
        );
        // No header, or garbage: the proxy's own address.
        assert_eq!(client_ip(ip("127.0.0.1"), [], &proxy), ip("127.0.0.1"));
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["nonsense"], &proxy),
            ip("127.0.0.1")
        );
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["[2001:db8::1]:443"], &proxy),
            ip("2001:db8::1")
        );
        // No proxy configured: never read.
        assert_eq!(
            client_ip(ip("127.0.0.1"), ["1.2.3.4"], &[]),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64() {
        assert_eq!(
            bucket(ip("2001:db8:1:2:aaaa::1")),
            bucket(ip("2001:db8:1:2:ffff::9"))
        );
        assert_ne!(bucket(ip("2001:db8:1:2::1")), bucket(ip("2001:db8:1:3::1")));
        assert_eq!(bucket(ip("::ffff:1.2.3.4")), ip("1.2.3.4"));
        assert_eq!(bucket(ip("1.2.3.4")), ip("1.2.3.4"));
    }
}
