"""Format 2, 3 and 4's pieces: old codes still read, the pinned dictionaries, word list and models, digits, texts
as names, the fast picture."""

from __future__ import annotations

import json
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.share import DamagedCode, SharedMatch, decode, encode, png, read_any, read_image, read_text
from companion.share.codec import FORMAT, MODELLED
from companion.share.codes import context_coder, name_model
from companion.share.codes.dictionary import APP_V1, APP_V2, preset
from companion.share.codes.render import grid, penalty
from companion.share.codes.texts import text_in, text_out
from companion.share.qr import _qr, plan
from companion.share.text import from_digits, to_digits, to_text

from share_strategies_kit import LIBRARY

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))
from share_play import play_halo  # noqa: E402

PINNED_CODER_CRC = 2508348425  # what the context coder of format 3 makes of the text in the test below
PINNED_FORMAT_4_CRC = 4010325568  # ... and format 4's name model and context coder, with names in front of it

# Written by the app before format 2 (format 1: Base32, no dictionary): the Scarab reference match, and a
# Halo match played through the rules helper by share_play.play_halo(seed=3, turns=2) as it was then.
FORMAT_1_SCARAB = (
    "ttcomp://m/CGSVITLP2MYBRNXT2ETP2WETNF2ONATSIYBGT3JWUSE4WVDNECSESSAFB253TKO3QWTMTFEGBUHIRNKOX4SA5HCQY"
    "VX6BSFP4F3UALS4JDRLQ23JU5G4FKM5XSHR6P6P5M32SA4ITLBWH5236XQODJZ7Q47V67YP2TVA6ZAO7KW3VCJ53TUHP2V6M52YR"
    "YIT3QGYPM3K6GPVMESLECTUQJJASXRAWKCLACEJCWLVEOXWTITYJ7EZMM22DGQVYWOPNRF3ULSKAV42XLEJXERLUL6IBAU2VDSQK"
    "HL3J3ICIICVKKGMVKADPSG2KKYBNABTQ4JHEQI4D6GDZNUJAPRSRDUNU2CW2MCUV2XCMA7QW3VV5EED32M5L4QHWCJQJHXLMOPQZ"
    "BGFFFYTDEEWPCZM3JWOREM6SDRSRPGOYITTAKQCASTSEYFX5P2NCJ5RIJ2CJHXYZWBWDB2XTEXVEQHPIMHYALAXEWYFG2R4CWHIF"
    "OGP4AFYNFXDYR7QRN45FNTZQZ5T3KYHIYXDPL5FJCIAXA7JLRVZUS6UUPPVJZ3GKOAT3XDAYG2WTU3UHUBENF644ECFXDXR2K6SJ"
    "HSRRNTQEJIMY2U5HOGAPTDBU4YZJMWF524QBAHRXXQOUDSJT56O6G32QFAGGQBQZKSEXUKPKWAWI2KMV3MUFKQK2F6Y5RQPWZWO5"
    "YOTQ64AO2HGZSZHY2E6LOA6PJADGYJQRSMMAGBKZFMEURVWMNEBW6AHKK5YNT75XAXIPPW3IVPZHYVLGEW35JXZPHYTPZ2PEJ7Q2"
    "ULJDRPBV3H3KF3JCZAFKJJPOCNR2HJSAGYGUNWKENDCIIRY3XMYYTNPLVLI7UN6WPLR2DDUADMDJEXM2ZNCUYEUY5H6ECSITLGV3"
    "GC7J3BZX3WLILOPI3DTO3SLX7R3N5RANXKT4NC4V6GU5E6PE3B2JRXK6VTZHXCTTG2SF64QWZH3DDY5A6R477452KJ6RZM5PCHY2"
    "V6E6OWJMZNCZJZMD6A7M6ZHS66BZSO6M7S7B3M6DQCOFFUFNGX3ANIQ4W4MKIKCIUCM2GGMIUII6OODTRZWKICM5V5KPTORZAKCM"
    "IU25MMUEETRKBAZSRJFJOVWCTZCWTDOFGF5PCIVK63BAHMCP4A7DKMYUY"
)

FORMAT_1_HALO = (
    "ttcomp://m/CG2VOW2PCNARJ3V5CWRIBV4NEQ4GVVGEMBRFWLQFMMGHQIYYUIIZ4MEGJQ5WPW2NW6Z433QU4FGVBFGEG5PITCNCX"
    "346Q37RLH7YJT7O3XW4U5TGFM3ICNGNPRT4554556OLH6Z2EGIZ2B7PX56724PF45UCFEO435WH2T44P73XI73RPOVTMR7RKZWR5"
    "2FPTW6QMJTEVVBRK5XEL6QIUWNNEH7H734MORORVE5OTJ72GZ4HUTVQGA6S4WZRFSU4DOI253JFVRH5F6TYL73D4EXLSYXVLBKUH"
    "NCUE4IL2QSWYMGQ2HOYMAVS3TLBJSQMRGAPNAUCLZWROCKRWC5HWAAGYPGPQDCGDOABIZGMDCXDKB7LARSKABU4SQEW5YJ2UTVS3"
    "LBXIE3V44QAEMXCBRIBBR4IAYIOEAPQMDDRAC4X6BU4CACBZ4YAY6RQAH54D63KUTJNLCQZEXNB43RXXSZLNCMSU3OQXUBN32BO2"
    "AHEPDLBJ2ASFVKIROJDWIIIFBYADELKSQO37WTKVTUJUFRNY6N4HZJYC3LU37IDQ2HBVEATAZCOUN3B5MTS6YK5UHQCU552U6H74"
    "KU2O5UTEIWLVQF4RB5LZQB6JYQCWJOEBJAOSO3A5LPFG3LBTJTIKHJ6XHQ42KBW4PO6OL5GUJDOTPYBUMI3KY6DNAGXXGMX6BWE5"
    "7OCTJ3T56V6NASDVOAFLDLZQI77EBBPDUTHQINO4D43RAXH4K3HULVKILBAAXQTIWHEU4MLJ7NYE27TPLDRJXG65QGCXVGT7RE3P"
    "ZV3TRO7BX2MFYGMRRE5S3U2R5IUAVEASL3LC6IAYFZJ7Z3K6OG37WQ55IIMFUAF5XYMB7S5EYKDHENWLD4U5CEDQ7WUQBGHR3GHC"
    "5R4MGOKRNTBJLEGDZ3MM6XK2H3SULOEAXSEKAKZMFAIIHVVJ3Y2NM5NC5GHH7CRMK2WPZ3GYKOXXSV5GYR5UV5H4I3GE3AA55KSC"
    "HJOBYHZBCQL7CVXGR4E63MQDKFYBLVMMHPH7EETSQIMCSNLDM5IISTGNUNTVFYTJ6I43VDMLYRYNIUGYHAVSFZYWDHLMCLPFVIBM"
    "GNWMOSMNMBCKBBT7TE25PXVTDLFIKEROGGSSGQFAIVMGSPHGDITKVNVZ57CNMGR2ZV6MVNGB5VLBHOLTKARQVQH5PWY5XWWBTMBR"
    "245UYJ5AJLOQ46HBL47SZYUWM2NS72ASB26H76HBANB4UYS5O4MFMXODMRI4FJB7BGTF3QYET7YAIT422GGCWLXDWTDHQJXZRPQM"
    "N2Y2JUPWRM53ISFXI2I4WUKMG4FZNZDXGLPXYE2JQ5FYUZ625F7YBB5FZRXGFBDGMEQHMIGEDLND2JNGQHRIKIGUKYMDXEEW6OBY"
    "GXGYE26XDE5Y4DS7RVN4CBZW745MOYIBX3NEGTOGVT7VIP3XO4K4R6UKRT3UQMF36MJODSSWXI27JYQFVQKCS7GZ4M5CAWPYTB7Q"
    "VHTWNBTH3GYXXH4HQTNGAPLO6PXG3ITNDNZERLEKKIERJM7NZGTSRFSHYI4IS6P66XWLVUQP4WUXC7YG76RXG7OGN7Q"
)

# Written by format 2 (deflate with the preset dictionary): share_play.play_halo(seed=3, turns=2) as a whole code
# and as a turn code of its last four steps.
FORMAT_2_HALO = (
    "ttcomp://m/09289774152313706330329005247872675241186752638434830329720797951692212296989112273876029"
    "9730425372817051068198931750741260718578218977048344203996312585081051020406547840989426124912050538"
    "8662078924604991022392150892573055429666773140308207486060205527703162899066877171612987460221180061"
    "5920691616901261205882280964042945637810417864908143863859728282852029242475549051526432395117909996"
    "3641263193394601876445201922859605441194611811673921349852783251984980376218036876728500265563298133"
    "3100660137397901495382325695021654273814622955716735498076793583985885844797055688525313801565518879"
    "4108242796302870148625227328247591187278276008200644077805708652728078825857706115475975690304675169"
    "8685438756609895638905409233790011578261523054266174157033101978228430045474484624024765566493701956"
    "49744427740394730805346992027700019827658835037039333779323853804100799194813727028196541908901"
)

FORMAT_2_HALO_TURN = (
    "ttcomp://m/09852724105735025256840319079718984491831850117525406281135112893320027322886029111394772"
    "050393559948936875236466021272432785931529945675236577087173442010285292"
)

# Written by format 3 (names in the body, the context coder without its fifth context, dictionary 1):
# share_play.play_halo(seed=3, turns=2) as a whole code and as a turn code of its last four steps.
FORMAT_3_HALO = (
    "ttcomp://m/14919273686505730189027214012904341250600277125135367447869339009190256847278189321161522"
    "10432150090245945144283657525856320583440961997618839504619237714106817127523404207937396079942218181138"
    "38323515662708529424908658065976431320100159748688259079904067286015009210399484678774399143152662902843"
    "64602902739464038924914492516131154204193810519359597387283563135946088857761038501590297830504005486278"
    "85823813568561069867371659076399146702411526612795371984404289572706245378916504129963496399528893490707"
    "86294512755907425167126528107229789482167348215037280602357485145685467033522914679601867350827679079604"
    "28862453121715153830269869322868727957169003428201329010912293513047569637667800338578280548857503287241"
    "6686476184358603952838215414"
)

FORMAT_3_HALO_TURN = (
    "ttcomp://m/15482223639926865059237838875889637062004138366949941633801165144219343047323856796473790"
    "2869352484228372095161540998663613078297666942414341"
)


# Written by format 4 before players were written ahead of the units (the order the reader always took):
# `units_first_match()` with units at the start, named in three scripts, some alike and one like a player.
FORMAT_4_UNITS_FIRST = (
    "ttcomp://m/1942397282550400131348402892105100669376558749188213789403725337960868009049093038618550836245692132"
    "2361532513080144986118151356823296084119546271912145835104027759077247407540148977647223062381181311"
    "9866164295376848201342683854671106424823285735041547294614437964704329077058299132787779759066351751"
    "2468593155535721591819532394757626403837189554378868512543960403159623887401449857977461862467080289"
    "8880034333457570977364353214676174072451561948485208540872146512329266444872613848146472202586534333"
    "473647457101365959"
)
UNITS_FIRST_ROSTER = {
    "Rin": [("Ōkami Tsukiyo-no-Kage", 100, (8, 11, 18, 3), 7), ("Tove", 45, (7, 10, 16, 3), 4),
            ("Ненасытный Ёж 7", 45, (7, 9, 16, 2), 5)],
    "Tove": [("Ōkami Tsukiyo-no-Kage", 75, (8, 10, 17, 3), 6), ("Grunt Heavy", 20, (5, 8, 14, 2), 4),
             ("Tove", 30, (7, 9, 15, 2), 4)],
}


def test_codes_written_by_format_1_still_read() -> None:
    scarab = SharedMatch.from_export(json.loads((BENCH / "share_scarab.json").read_text(encoding="utf-8")))
    # the code left the match's rules out (they were its pack's then): it reads with the pack's rules of today,
    # everything else as it was written (the Scarab's tokens no longer carry since its third audit)
    today = LIBRARY.pack_rules("scarab", scarab.initial.pack_version)
    assert today is not None
    assert decode(read_text(FORMAT_1_SCARAB).data, LIBRARY) == SharedMatch.of(
        replace(scarab.initial, rules=today), scarab.events)
    old = decode(read_text(FORMAT_1_HALO).data, LIBRARY)  # with the dice seed format 1 carried: ignored now
    assert len(old.events) == 18 and len(old.state.units) == 10 and old.state.turn == 3
    assert [e.type for e in old.events[10:]].count("batch") == 8
    again = encode(old, LIBRARY)  # and is written again as format 4, much smaller
    assert again[0] >> 4 == FORMAT and len(again) < len(read_text(FORMAT_1_HALO).data) * 0.5
    assert decode(again, LIBRARY) == old


def test_codes_written_by_format_2_still_read() -> None:
    shared = decode(read_text(FORMAT_2_HALO).data, LIBRARY)
    assert len(shared.events) == 18 and len(shared.state.units) == 10 and shared.state.turn == 3
    base = SharedMatch.of(shared.initial, shared.events[:-4])
    found = read_any(read_text(FORMAT_2_HALO_TURN).data, LIBRARY, {shared.id: base}.get)
    assert found == shared
    again = encode(shared, LIBRARY)  # written again as format 4: smaller by the context coder
    assert again[0] >> 4 == FORMAT and again[0] & MODELLED
    assert len(again) < len(read_text(FORMAT_2_HALO).data) * 0.9


def test_codes_written_by_format_3_still_read() -> None:
    data = read_text(FORMAT_3_HALO).data
    assert data[0] >> 4 == 3 and data[0] & MODELLED and data[1] == APP_V1
    shared = decode(data, LIBRARY)
    assert len(shared.events) == 18 and len(shared.state.units) == 10 and shared.state.turn == 3
    assert shared.state.units[0].name == "Master Chief" and shared.state.players[1].name == "Ben"
    base = SharedMatch.of(shared.initial, shared.events[:-4])
    assert read_any(read_text(FORMAT_3_HALO_TURN).data, LIBRARY, {shared.id: base}.get) == shared
    again = encode(shared, LIBRARY)  # written again as format 4: its names in front, by the name model
    assert again[0] >> 4 == FORMAT and again[1] == APP_V2 and len(again) < len(data)
    assert decode(again, LIBRARY) == shared


def units_first_match() -> SharedMatch:
    """play_halo(seed=3, turns=2) of UNITS_FIRST_ROSTER, its units at the start rather than added by the log (and
    the match id the code holds: a session makes a new one each time)."""
    session, match_id = play_halo(seed=3, turns=2, roster=UNITS_FIRST_ROSTER)
    played = SharedMatch.from_export(session.export(match_id))
    added = sum(e.type == "add_unit" for e in played.events)
    start = SharedMatch.of(played.initial, played.events[:added]).state
    return SharedMatch.of(replace(start, id="df6ae93a5586"), played.events[added:])


def test_format_4_codes_written_units_first_still_read() -> None:
    data = read_text(FORMAT_4_UNITS_FIRST).data
    assert data[0] >> 4 == 4
    shared = decode(data, LIBRARY)
    assert [p.name for p in shared.initial.players] == ["Rin", "Tove"]
    assert [u.name for u in shared.initial.units] == ["Ōkami Tsukiyo-no-Kage", "Tove", "Ненасытный Ёж 7",
                                                      "Ōkami Tsukiyo-no-Kage", "Grunt Heavy", "Tove"]
    assert len(shared.events) == 8 and shared == units_first_match()
    again = encode(shared, LIBRARY)  # written players first now: another code, the same match
    assert again != data and decode(again, LIBRARY) == shared


def test_the_context_coder_never_changes() -> None:
    """Codes are read by the same model that wrote them: a changed number in it would make them all unreadable.
    A better model needs a new format (and this one kept for reading): format 3's model (no fifth context) and
    format 4's (the fifth context, and the name model in front) are both pinned."""
    plain = b"".join(f"{n} Master Chief attacks Grunt Heavy, 2d6 [{n % 6 + 1}, {n % 5 + 1}]".encode()
                     for n in range(40))
    assert zlib.crc32(context_coder.pack(plain, preset(APP_V1), shaped=False)) == PINNED_CODER_CRC
    names = ["Commander Vesna Kovalenko", "Grunt Heavy", "Ненасытный Ёж 7", "Master Chief"]
    assert zlib.crc32(name_model.pack(name_model.segment(names) + plain, preset(APP_V2))) == PINNED_FORMAT_4_CRC


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000), st.sampled_from([b"", preset(APP_V1)]))
def test_the_context_coder_gives_back_what_it_packed(plain: bytes, dictionary: bytes) -> None:
    packed = context_coder.pack(plain, dictionary)
    if context_coder.fits(plain, packed):
        assert context_coder.unpack(packed, len(plain), dictionary) == plain


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([b"Master Chief", b"\x83\x04\x17\x00", b"2d6", b"\x00", b"\xff"]), max_size=300))
def test_the_context_coder_gives_back_repetitive_bodies(pieces: list[bytes]) -> None:
    """Bodies like a match's (the same few shapes again and again), where the model is most sure of itself."""
    plain = b"".join(pieces)
    packed = context_coder.pack(plain, preset(APP_V1))
    assert context_coder.unpack(packed, len(plain), preset(APP_V1)) == plain


def test_the_context_coder_beats_deflate_on_a_real_match() -> None:
    session, match_id = play_halo(seed=16, turns=6)
    data = encode(SharedMatch.from_export(session.export(match_id)), LIBRARY)
    assert data[0] & MODELLED and len(data) <= 394  # 394 B: what one code of version 15 (ECC M) holds as digits
    assert plan(data).parts == 1 and plan(data).version <= 15


@pytest.mark.parametrize("length", [-1, context_coder.MAX_PLAIN + 1, 10**9])
def test_a_coded_length_out_of_range_is_refused_before_decoding(length: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        context_coder.unpack(b"\x12\x34", length, preset(APP_V1))
    # a tiny code can't claim a long body: decoding time stays bounded by the code's own size
    with pytest.raises(ValueError, match="out of range"):
        context_coder.unpack(b"\x12", context_coder.MAX_RATIO + context_coder.SLACK + 1, preset(APP_V1))


def test_coded_bytes_with_extra_or_missing_bytes_are_refused() -> None:
    plain = bytes(range(200)) * 2
    packed = context_coder.pack(plain, preset(APP_V1))
    for bad in (packed + b"\x00", packed + b"junk", packed[:-1]):
        try:
            back = context_coder.unpack(bad, len(plain), preset(APP_V1))
        except ValueError:
            continue
        assert back != plain  # what a cut code decodes to is wrong, and the CRC and layout refuse it anyway


def test_dictionaries_and_the_word_list_never_change() -> None:
    """Codes name their dictionary by number: changing number 1 or 2 would make every code written with it
    unreadable. A new dictionary gets a new number (and decode keeps the old one). Format 4's name model learns a
    word list first: it is pinned the same way."""
    assert zlib.crc32(preset(APP_V1)) == 882593614
    assert zlib.crc32(preset(APP_V2)) == 1024176787
    assert zlib.crc32(name_model.primer()) == 1034158901


@given(st.binary(max_size=300))
def test_digits_round_trip(data: bytes) -> None:
    text = to_digits(data)
    assert text.isdigit() or not data
    assert from_digits(text) == data
    assert read_text(to_text(data)).data == data if data else True


@pytest.mark.parametrize("text", ["1", "12", "99999999999999999999", "0" * 18])
def test_damaged_digits_are_refused(text: str) -> None:
    with pytest.raises(DamagedCode):
        from_digits(text)


@given(st.text(max_size=60), st.lists(st.text(min_size=1, max_size=12), max_size=6))
def test_texts_with_names_round_trip(text: str, names: list[str]) -> None:
    assert text_in(text_out(text, names), names, "text") == text


def test_a_label_naming_units_costs_a_byte_a_name() -> None:
    names = ["Ana", "Ben", "Master Chief", "Grunt Heavy"]
    assert text_out("Master Chief attacks Grunt Heavy", names) == [2, " attacks ", 3]


@settings(max_examples=20, deadline=None)
@given(st.binary(min_size=1, max_size=500))
def test_the_fast_grid_is_a_valid_qr_code_of_the_link(data: bytes) -> None:
    """The grid equals qrcode's own for one of the eight masks, and that mask has the lowest penalty."""
    text = to_text(data)
    rows = grid(_qr, text)
    border = _qr(text).border
    inner = tuple(r[border:-border] for r in rows[border:-border])
    qr = _qr(text)
    qr.best_fit()
    masked = []
    for mask in range(8):
        qr.makeImpl(False, mask)
        masked.append(tuple("".join("1" if m else "0" for m in row) for row in qr.modules))
    assert inner in masked
    assert penalty(inner) == min(penalty(m) for m in masked)


def test_the_picture_scans_back_to_the_code() -> None:
    pytest.importorskip("zxingcpp")
    session, match_id = play_halo(seed=16, turns=6)
    data = encode(SharedMatch.from_export(session.export(match_id)), LIBRARY)
    text = plan(data).texts[0]
    picture = png(text)
    assert picture.startswith(b"\x89PNG")
    assert read_image(picture) == [text]
