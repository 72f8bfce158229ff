//! The rules panel's words for the Terrain on the table (§7.1, §10): what each special base
//! does, the Tropical Pool's value lists and the Station Metal-X shield, with Hook's exception
//! there (§5). Plain strings from the Terrain data, so they are tested natively.

use super::terrain::{Power, TerrainSpec};
use crate::i18n::{the, Lang};
use crate::t;

/// The values a Pool value list admits, in words: "1, 2 or Kwak" (bit 0 = Kwak, bit s = s).
fn values(mask: u8, lang: Lang) -> String {
    let mut names: Vec<String> = (1..=7)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s: u8| s.to_string())
        .collect();
    if mask & 1 != 0 {
        names.push("Kwak".into());
    }
    let last = names.pop().unwrap_or_default();
    if names.is_empty() {
        last
    } else {
        t!(lang, "{} or {last}", "{} vagy {last}", names.join(", "))
    }
}

/// One line per rule the Terrain's special bases add, for the chosen mode.
pub fn terrain_rules(spec: &TerrainSpec, beginner: bool, lang: Lang) -> Vec<String> {
    if spec.power == Power::None {
        return vec![t!(
            lang,
            "This Terrain has no special bases.",
            "Ezen a terepen nincs különleges bázis."
        )];
    }
    if beginner {
        return vec![t!(
            lang,
            "Beginner mode: the special bases are plain bases (no effects, no value limits, no shield).",
            "Kezdő mód: a különleges bázisok sima bázisok (nincs hatás, értékkorlát és pajzs)."
        )];
    }
    let ids = spec
        .nodes
        .iter()
        .filter(|n| n.special && n.hq.is_none())
        .map(|n| n.id.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let after = t!(
        lang,
        " It fires only for a Troop placed there from the rack, after the Troop effects, and you may skip it.",
        " Csak a tartóról oda lerakott egység indítja, az egységhatások után, és kihagyhatod."
    );
    match spec.power {
        Power::Retreat => vec![t!(
            lang,
            "Special bases ({ids}), Retreat: take one of your visible Troops on another base back to your rack, if your rack has room.{after}",
            "Különleges bázisok ({ids}), visszavonulás: egy másik bázison látható egységedet visszaveheted a tartódra, ha van rajta hely.{after}"
        )],
        Power::CloudsDraw => vec![t!(
            lang,
            "Special bases ({ids}), Draw 1: draw 1 Troop from your reserve, if your rack has room.{after}",
            "Különleges bázisok ({ids}), húzz 1-et: húzz 1 egységet a tartalékodból, ha van hely a tartódon.{after}"
        )],
        Power::Eruption => vec![t!(
            lang,
            "Special bases ({ids}), Eruption: move one enemy Troop that is on top of a base next to the volcano onto any base next to its own, ignoring the placement rules (never onto an H.Q.); it does nothing there.{after}",
            "Különleges bázisok ({ids}), kitörés: a vulkán melletti bázisok egyikének tetején álló ellenséges egységet átteheted a saját bázisa melletti bármely bázisra, a lerakási szabályoktól függetlenül (főhadiszállásra soha); ott nem fejt ki hatást.{after}"
        )],
        Power::Raise => vec![t!(
            lang,
            "Special bases ({ids}), Raise: take one of your Troops from the discard back to your rack, if your rack has room.{after}",
            "Különleges bázisok ({ids}), feltámasztás: egy eldobott egységedet visszaveheted a tartódra, ha van rajta hely.{after}"
        )],
        Power::Sniper => vec![t!(
            lang,
            "Special bases ({ids}), Sniper: freeze one random Troop on your opponent's rack; it cannot be placed on their next turn.{after}",
            "Különleges bázisok ({ids}), mesterlövész: az ellenfeled tartóján egy véletlen egység befagy, a következő körében nem rakhatja le.{after}"
        )],
        Power::Shield => vec![
            t!(
                lang,
                "Shield bases ({ids}): a Troop placed on one has no effect (no draw, extra placement or discard).",
                "Pajzsbázisok ({ids}): az oda lerakott egység hatása elmarad (nincs húzás, extra lerakás vagy eldobás)."
            ),
            t!(
                lang,
                "Hook's exception does not hold on a shield base: Hook may go there only when the base links to your H.Q., like any other Troop.",
                "Hook kivétele a pajzsbázison nem érvényes: Hook csak akkor léphet oda, ha a bázis összeköttetésben van a főhadiszállásoddal, mint bármely más egység."
            ),
        ],
        Power::PoolLimits => spec
            .nodes
            .iter()
            .filter_map(|n| Some((n, n.allowed?)))
            .map(|(n, mask)| {
                let (id, only) = (the(lang, &n.id.to_string(), true), values(mask, lang));
                match n.hq {
                    None => t!(
                        lang,
                        "Base {id} takes only {only}.",
                        "{id}. bázisra csak {only} kerülhet."
                    ),
                    Some(_) => t!(
                        lang,
                        "H.Q. {id} can be captured only by {only}.",
                        "{id}. főhadiszállást csak {only} foglalhatja el."
                    ),
                }
            })
            .collect(),
        Power::None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toy_battle::TerrainKey;

    #[test]
    fn every_terrain_says_what_its_special_bases_do_in_both_languages() {
        for key in TerrainKey::ALL {
            let spec = key.terrain().spec;
            let special: Vec<u8> = spec
                .nodes
                .iter()
                .filter(|n| n.special && n.hq.is_none())
                .map(|n| n.id)
                .collect();
            for lang in Lang::ALL {
                let text = terrain_rules(spec, false, lang).join(" ");
                assert!(!text.is_empty(), "{key:?}");
                for id in &special {
                    assert!(text.contains(&id.to_string()), "{key:?} {lang:?}: {text}");
                }
                let plain = terrain_rules(spec, true, lang).join(" ");
                assert!(
                    plain.contains(lang.pick("plain", "sima")) || special.is_empty(),
                    "{plain}"
                );
            }
        }
    }

    #[test]
    fn the_metal_x_rules_give_hooks_shield_exception() {
        let spec = TerrainKey::MetalX.terrain().spec;
        let en = terrain_rules(spec, false, Lang::En).join(" ");
        assert!(en.contains("16, 17, 18"), "{en}");
        assert!(
            en.contains("Hook may go there only when the base links to your H.Q."),
            "{en}"
        );
        let hu = terrain_rules(spec, false, Lang::Hu).join(" ");
        assert!(
            hu.contains("Hook kivétele a pajzsbázison nem érvényes"),
            "{hu}"
        );
    }

    #[test]
    fn the_pool_lists_each_value_limit() {
        let spec = TerrainKey::Pool.terrain().spec;
        let en = terrain_rules(spec, false, Lang::En);
        assert!(
            en.contains(&"Base 12 takes only 1, 2 or Kwak.".to_string()),
            "{en:?}"
        );
        assert!(
            en.contains(&"Base 17 takes only 6, 7 or Kwak.".to_string()),
            "{en:?}"
        );
        assert!(
            en.contains(&"H.Q. 2 can be captured only by 6, 7 or Kwak.".to_string()),
            "{en:?}"
        );
        let hu = terrain_rules(spec, false, Lang::Hu);
        assert!(
            hu.contains(&"A 12. bázisra csak 1, 2 vagy Kwak kerülhet.".to_string()),
            "{hu:?}"
        );
    }
}
