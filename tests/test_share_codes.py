"""Format 2's pieces: old codes still read, the pinned dictionary, digits, texts as names, the fast picture."""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_share_strategies import LIBRARY

from companion.share import DamagedCode, SharedMatch, decode, encode, png, read_image, read_text
from companion.share.codes.dictionary import APP_V1, preset
from companion.share.codes.render import grid, penalty
from companion.share.codes.texts import text_in, text_out
from companion.share.qr import _qr, plan
from companion.share.text import from_digits, to_digits, to_text

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))
from share_play import play_halo  # noqa: E402

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


def test_codes_written_by_format_1_still_read() -> None:
    scarab = SharedMatch.from_export(json.loads((BENCH / "share_scarab.json").read_text(encoding="utf-8")))
    assert decode(read_text(FORMAT_1_SCARAB).data, LIBRARY) == scarab
    old = decode(read_text(FORMAT_1_HALO).data, LIBRARY)  # with the dice seed format 1 carried: ignored now
    assert len(old.events) == 18 and len(old.state.units) == 10 and old.state.turn == 3
    assert [e.type for e in old.events[10:]].count("batch") == 8
    again = encode(old, LIBRARY)  # and is written again as format 2, much smaller
    assert again[0] >> 4 == 2 and len(again) < len(read_text(FORMAT_1_HALO).data) * 0.6
    assert decode(again, LIBRARY) == old


def test_dictionary_1_never_changes() -> None:
    """Codes name their dictionary by number: changing number 1 would make every code written with it unreadable.
    A new dictionary gets a new number (and decode keeps the old one)."""
    assert zlib.crc32(preset(APP_V1)) == 882593614


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
