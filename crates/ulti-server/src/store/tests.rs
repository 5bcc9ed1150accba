//! The store's append-only log, group commit and one-server-per-file lock.

use super::*;

fn temp(name: &str) -> (ulti_testkit::TestDir, std::path::PathBuf) {
    let dir = ulti_testkit::TestDir::new("ulti-store", name);
    let path = dir.join("t.sqlite");
    (dir, path)
}

#[tokio::test]
async fn the_log_is_append_only_and_numbers_are_written_once() {
    let (_dir, path) = temp("append");
    let s = Store::open(&path, Durability::Disk).unwrap();
    let (k, seed, rows) = s
        .create(NewTable {
            id: "abc".into(),
            rules: "{}".into(),
            seats: vec![
                ("human".into(), Some(token_hash("x"))),
                ("computer:easy".into(), None),
                ("human".into(), Some(token_hash("y"))),
            ],
            plan: Box::new(|k| Ok((k as u64 * 10, vec![(1, "{\"one\":1}".into())]))),
        })
        .await
        .unwrap();
    assert_eq!((k, seed, rows.len()), (1, 10, 1));
    s.append(k, vec![(2, "two".into())], vec![]).await.unwrap();
    // v = 2 again, in a batch with a good one: the bad job fails alone.
    let (a, b) = tokio::join!(
        s.append(k, vec![(2, "again".into())], vec![]),
        s.append(
            k,
            vec![(3, "three".into())],
            vec![crate::rated::FinishedGame {
                n: 1,
                record: "{}".into(),
                payments: [0, 0, 0],
                holders: [const { crate::rated::Holder::Nobody }; 3],
                deeds: Default::default(),
                daily: None,
            }]
        )
    );
    assert!(a.is_err());
    b.unwrap();
    let log = s.events(k, 0, u64::MAX).unwrap();
    assert_eq!(log.iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(log[1].1, "two");
    let w = open(&path, Durability::Disk).unwrap();
    assert!(w.execute("DELETE FROM events", []).is_err());
    assert!(w.execute("UPDATE events SET body = 'x'", []).is_err());
    let (t, log) = s.load_table("abc").unwrap().unwrap();
    assert_eq!((t.k, log.len()), (k, 3));
    assert_eq!(t.seats[0].1, Some(token_hash("x")));
    assert_eq!(t.seats[1].1, None);
    assert!(s.load_table("nope").unwrap().is_none());
    // One server per file: a second store on it is refused while this one lives.
    let again = Store::open(&path, Durability::Disk).err().unwrap();
    assert!(again.contains("in use by another ulti-server"), "{again}");
    assert_eq!(
        s.games("abc", 1, 10).unwrap().unwrap(),
        vec!["{}".to_string()]
    );
    assert_eq!(
        s.games("abc", 2, 10).unwrap().unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(s.games("nope", 1, 10).unwrap(), None);
    s.probe().await.unwrap();
}
