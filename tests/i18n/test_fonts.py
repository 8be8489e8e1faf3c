"""No tofu: names in every script people use on Discord and every zh-TW label are drawn in a font
that has their glyphs."""

from __future__ import annotations

import ast
import importlib
import json
import random
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import ImageFont

import games
import renderers
from games.core.playout import expand
from renderers import canvas, label_atlas

NAMES = ["小明", "阿華🎲", "Zoë 🐉", "陳怡君 ❤️", "Ōkubo 大久保"]
#: real names in the scripts players write them in (Taiwanese names whose characters Big5 lacks
#: among them: 喆, 堃), checked glyph by glyph against the bundled fonts and drawn
SCRIPT_NAMES = {
    "Traditional Chinese": ["王喆", "林堃", "陳珮瑜", "許瑋甯", "黃媺", "張鈞甯", "蔡依林", "郭碧婷", "劉昊然", "周杰倫",
                            "鄧紫棋", "彭于晏", "蕭敬騰", "楊丞琳", "趙又廷", "簡嫚書", "盧廣仲", "林昀儒", "戴資穎",
                            "莊智淵", "詹詠然", "蘇貞昌", "廖峻", "邱澤"],
    "Simplified Chinese": ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨幂", "赵丽颖", "邓紫棋", "张艺谋", "刘亦菲",
                           "黄晓明", "郑爽", "谭松韵", "郭麒麟", "岳云鹏", "贾玲", "钟南山", "谷爱凌", "苏炳添"],
    "Japanese": ["さくら", "佐藤健", "高橋一生", "渡辺直美", "広瀬すず", "斎藤工", "桜井翔", "タナカ", "沢尻エリカ",
                 "綾瀬はるか", "長澤まさみ", "新垣結衣", "宮崎駿", "大谷翔平", "羽生結弦", "浜辺美波", "菅田将暉",
                 "髙橋", "ｻﾄｳ"],
    "Korean": ["김민준", "이서연", "박지성", "손흥민", "정국", "뷔", "제니", "똠방각하", "김연아", "류현진", "아이유",
               "봉준호", "황희찬", "뽀로로", "ㅋㅋㅋ", "햏자"],
    "Thai": ["สมชาย", "ประยุทธ์", "ศรีสุข", "ณัฐพล", "ธนาธร", "ลิซ่า", "แพรวา", "กัญญาณัฐ", "ปิยะพงษ์", "ชัชชาติ",
             "พิธา", "ใบเฟิร์น", "ญาญ่า", "ฤทธิ์"],
    "emoji": ["🎲", "🐉", "🍣", "🫠", "👩‍💻", "🇹🇼", "😀", "🔥", "✨", "🐱", "❤️", "👍🏽", "🥷", "🧙‍♂️", "🦄", "🌸",
              "⚔️", "🍀", "😂", "Ann 🎲", "小明🐉"],
}
BIG5_SAMPLE = "的一是不了人我在有他這中大來上國個到說們為子和你地出道也時年得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看文無開手十用主行方又如前所本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理美點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東政海口使教西再平真聽世氣信北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比住員九笑性通目華報立馬命張活難神數件安表原車白應路期叫死常提感金何更反合放做系計或司利受光王果親界及今京務制解各任至清物台象記邊共風戰干接它許八特覺望直服毛林題建南度統色字請交愛讓認算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快條院變聯言權往展該領傳近留紅治決周保達辦運武半候七必城父強步完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫呢識極令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改議形委早房音火際則首單據導影失拿網香似斯專石若兵弟誰校讀志飛觀爭究包組造落視濟喜離虽坐集編尼希"


@cache
def cmap_of(path: str) -> frozenset[int]:
    return frozenset(TTFont(path, lazy=True).getBestCmap())


def test_coverage_file_matches_the_fonts():
    data = json.loads((canvas.FONT_DIR / "coverage.json").read_text())
    for family, (regular, bold) in canvas.FONT_FILES.items():
        both = cmap_of(str(canvas.FONT_DIR / regular)) & cmap_of(str(canvas.FONT_DIR / bold))
        listed = {p for a, b in data[family] for p in range(a, b + 1)}
        assert listed == both, family


def test_bundled_fonts_and_licences_are_there_and_small():
    d = canvas.FONT_DIR
    for regular, bold in canvas.FONT_FILES.values():
        assert (d / regular).exists() and (d / bold).exists()
    assert (d / "LICENSE-NotoSansCJK.txt").read_text().count("SIL Open Font License") >= 1
    assert "SIL Open Font License" in (d / "LICENSE-NotoEmoji.txt").read_text()
    assert "SIL Open Font License" in (d / "LICENSE-NotoSansThai.txt").read_text()
    assert "NotoSansCJKtc-Names.subset.otf" in (d / "LICENSE-NotoSansCJK.txt").read_text()
    # a size we can defend: each CJK subset well under the 16 MB of a full weight
    for name in canvas.FONT_FILES["cjk"] + canvas.FONT_FILES["emoji"] + canvas.FONT_FILES["thai"]:
        assert (d / name).stat().st_size < 2_000_000, name
    assert (d / canvas.FONT_FILES["names"][0]).stat().st_size < 5_500_000  # one weight: 27,000 characters


def test_names_in_every_script_have_a_glyph_in_the_font_chosen_for_them():
    for script, names in SCRIPT_NAMES.items():
        for name in names:
            assert not canvas.missing_glyphs(name), (script, name)
            for fam, run in canvas.runs(name):
                cmap = cmap_of(str(canvas.FONT_DIR / canvas.FONT_FILES[fam][0]))
                bad = [c for c in run if not c.isspace() and ord(c) not in cmap and ord(c) not in canvas._JOINERS]
                assert not bad, (script, name, fam, bad)


def test_all_of_big5_gbk_and_hangul_are_covered():
    """Big5 at least (the hanzi of both levels), GB 2312's hanzi and every Hangul syllable."""
    for codec, leads, trails in (("big5", range(0xA4, 0xFA), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))),
                                 ("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))):
        for lead in leads:
            for trail in trails:
                try:
                    ch = bytes([lead, trail]).decode(codec)
                except UnicodeDecodeError:
                    continue
                if 0x4E00 <= ord(ch) <= 0x9FFF:  # the hanzi (Big5's tail also holds symbols)
                    assert canvas.family_of(ch) in ("cjk", "names"), (codec, ch)
    assert all(canvas.family_of(chr(p)) == "names" for p in range(0xAC00, 0xD7A4, 7))


def test_thai_keeps_its_layout_tables_and_the_image_its_shaper():
    """Thai vowel and tone marks are placed by GPOS through libraqm (Pillow loads libfribidi for it);
    the image installs libfribidi0, which python:3.11-slim lacks."""
    font_tables = TTFont(str(canvas.FONT_DIR / canvas.FONT_FILES["thai"][0]), lazy=True)
    assert "GPOS" in font_tables and "GSUB" in font_tables
    assert "libfribidi0" in (Path(__file__).resolve().parents[2] / "Dockerfile").read_text()


def test_names_in_every_script_are_drawn_without_boxes(drawn):
    img, draw = canvas.new_canvas(900, 60)
    for names in SCRIPT_NAMES.values():
        for name in names:
            canvas.text(draw, (10, 30), name, size=24, anchor="lm")
            canvas.text(draw, (10, 30), name, size=24, bold=True, anchor="lm")
    everything = "".join(t for _, t in drawn)
    assert all(c in everything for names in SCRIPT_NAMES.values() for n in names for c in n if not c.isspace())
    tofu = {}
    for path, text in drawn:
        cmap = cmap_of(path)
        bad = [c for c in text if not c.isspace() and ord(c) not in cmap and ord(c) not in canvas._JOINERS]
        if bad:
            tofu[(Path(path).name, text)] = bad
    assert not tofu, tofu


def test_common_hanzi_and_big5_level_1_are_covered():
    cjk = cmap_of(str(canvas.FONT_DIR / canvas.FONT_FILES["cjk"][0]))
    missing = [c for c in BIG5_SAMPLE if ord(c) not in cjk]
    assert len(missing) <= 1, missing  # the sample may carry a simplified form by mistake
    level1 = [bytes([0xA4 + (i // 157), 0x40 + i % 157]) for i in range(0, 5000, 37)]
    for raw in level1:
        try:
            ch = raw.decode("big5")
        except UnicodeDecodeError:
            continue
        assert ord(ch) in cjk, ch


def catalog_texts() -> list[str]:
    from games.core.messages import CATALOGS

    importlib.import_module("bot.words.i18n")
    for gid in games.game_ids():
        games.get(gid)
    out = []
    for tmpl in CATALOGS["zh-TW"].values():
        out += list(tmpl.values()) if isinstance(tmpl, dict) else [tmpl]
    return out


def test_every_zh_tw_character_has_a_glyph():
    missing = sorted({c for s in catalog_texts() for c in canvas.missing_glyphs(s)})
    assert not missing, f"no bundled font has {missing}: run python renderers/fonts/subset_fonts.py"


def test_runs_pick_the_font_that_has_the_glyph():
    assert canvas.runs("Seat 1") == (("latin", "Seat 1"),)
    assert [fam for fam, _ in canvas.runs("小明 🎲")] == ["cjk", "latin", "emoji"]
    assert [fam for fam, _ in canvas.runs("王喆 김민준")] == ["cjk", "names", "latin", "names"]
    assert canvas.runs("ประยุทธ์") == (("thai", "ประยุทธ์"),)  # the marks stay with their consonants
    assert canvas.runs("❤️")[0][0] == "emoji"  # VS16 asks for the emoji form
    assert canvas.runs("👍🏽") == (("emoji", "👍🏽"),)  # a skin tone stays with its hand
    assert canvas.text_width("小明") > canvas.text_width("ab")


@pytest.fixture
def drawn(monkeypatch):
    """Every (font file, text) the renderers hand to Pillow to rasterise: ``FreeTypeFont.getmask2``,
    which ``ImageDraw.text`` calls for each line and ``canvas`` calls itself for a Latin label."""
    calls = []
    real = ImageFont.FreeTypeFont.getmask2

    def spy(self, text, *args, **kwargs):
        calls.append((getattr(self, "path", None), str(text)))
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", spy)
    monkeypatch.setattr(label_atlas, "enabled", False)  # nor one taken from the shipped atlas
    canvas.runs.cache_clear()
    canvas._label.cache_clear()  # a label drawn by an earlier test would be stamped without Pillow
    return calls


def played(gid: str, players: int, moves: int):
    game = games.get(gid)
    state = game.setup(players, 3, None)
    rnd = random.Random(3)
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state


@pytest.mark.parametrize("gid", sorted(renderers.RENDERERS))
def test_boards_with_cjk_and_emoji_names_have_no_missing_glyphs(gid, drawn):
    game, state = played(gid, 3, 12)
    names = NAMES[:3]
    png = renderers.render(gid, game.view(state, None), names)
    assert png[:4] == b"\x89PNG"
    module = importlib.import_module(renderers.RENDERERS[gid])
    if hasattr(module, "render_panel"):
        module.render_panel(game.view(state, 0), 0, names)
    everything = "".join(t for _, t in drawn)
    for name in names:  # the names are on the board (split into runs of one font each)
        assert all(c in everything for c in name if not c.isspace() and ord(c) not in canvas._JOINERS), (gid, name)
    tofu = {}
    for path, text in drawn:
        if path is None:
            continue
        cmap = cmap_of(path)
        bad = [c for c in text if not c.isspace() and ord(c) not in cmap and ord(c) not in canvas._JOINERS]
        if bad:
            tofu[(Path(path).name, text)] = bad
    assert not tofu, tofu


def test_terra_mystica_mask_cache_falls_back_too(drawn):
    tm = importlib.import_module("renderers.terra_mystica")
    img, draw = canvas.new_canvas(400, 100)
    tm.text(draw, (10, 50), "小明 🎲 VP", size=24, anchor="lm")
    fonts = {Path(p).name for p, t in drawn if p}
    assert {"NotoSansCJKtc-Regular.subset.otf", "NotoEmoji-Regular.subset.ttf"} <= fonts
    assert img.getbbox() is not None


def _ink(s: str, size: int, bold: bool) -> float:
    img, draw = canvas.new_canvas(size * (len(s) + 4), size * 3, bg=(0, 0, 0))
    canvas.text(draw, (size, size), s, size=size, fill=(255, 255, 255), bold=bold)
    return sum(img.convert("L").tobytes()) / 255


@pytest.mark.parametrize("name", ["김민준", "喆堃"])  # Hangul and hanzi only the one-weight names font has
def test_bold_names_are_bold_in_the_one_weight_font_too(name):
    """The names font is bundled in its Regular weight alone: bold text in it is struck twice, as heavy
    as the real bold of the two-weight CJK font (its ink against its regular's, on 中國)."""
    assert {canvas.family_of(c) for c in name} == {"names"}
    real = _ink("中國", 22, True) / _ink("中國", 22, False)
    for size in (14, 22, 36):
        ratio = _ink(name, size, True) / _ink(name, size, False)
        assert 0.8 * real < ratio < 1.25 * real, (size, ratio, real)
    assert canvas.text_width(name, 22, True) == canvas.text_width(name, 22, False)  # layout unchanged


def test_every_character_of_every_catalog_and_renderer_has_a_glyph():
    """What the bot can draw: every message of every language (the emoji of its lines too: ⏰ ⌛ 🤖 🏁
    ...) and every text written into a renderer; none may come out as a box."""
    from games.core.messages import CATALOGS

    catalog_texts()  # every catalog registered
    texts = [str(t) for cat in CATALOGS.values() for tmpl in cat.values()
             for t in (tmpl.values() if isinstance(tmpl, dict) else [tmpl])]
    root = Path(renderers.__file__).parent
    for path in root.glob("*.py"):
        if path.name == "canvas.py":  # its strings are code-point ranges of regular expressions
            continue
        texts += [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    emoji = {c for s in texts for c in s if canvas.family_of(c) == "emoji"}
    assert len(emoji) >= 5  # the emoji of the lines were seen
    missing = sorted({c for s in texts for c in canvas.missing_glyphs(s)})
    assert not missing, f"no bundled font has {missing}: run python renderers/fonts/subset_fonts.py"
