"""How a session reply reaches Discord, as plain data (no Discord here).

The Discord layer (``bot.discord.send.deliver``) follows this plan literally and
the table-flow bench counts its requests from it, so the figures the bench
prints are the requests the bot makes:

1. the interaction is answered once, for the caller's eyes: what was done,
   what is left, secrets (a button or menu click edits its own ephemeral
   message instead);
2. the turn's public post, when the turn ends: one channel message with the
   summary, the board PNG and who is asked what (mentions ping);
3. a ``minor`` public line (one seat less in a simultaneous step) is added to
   the turn's post by an edit, when that post is known; else posted plainly.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from games.core.messages import CATALOGS, LOCALES, Msg, msg, register, render, template

from ..words.i18n import Text, fill_names
from .games import every


@dataclass
class Plan:
    #: the caller's ephemeral answer (None: nothing but the public post to say; a short "Done" is sent)
    answer: list[str]
    #: a new public post (the turn's end): its message
    post: object | None = None
    #: a line to add to the latest turn post (or to post plainly when that post is unknown)
    append: object | None = None
    #: the private PNG (the /hand image) sent with the answer
    answer_png: bytes | None = None
    #: that PNG's description (alt text lines, worded in the caller's language)
    answer_alt: list = field(default_factory=list)


def plan(reply, move: str | None = None, locale: str = "en") -> Plan:
    """What to send for ``reply`` (a session ``Reply``); ``move``: the move text, for the plain "Done"."""
    answer: list[str] = []
    png, described = None, []
    for part in (reply.step, reply.private):
        if part is not None:
            answer += list(part.lines)
            if png is None and part.png is not None:
                png, described = part.png, list(part.alt)
    out = Plan(answer=answer, answer_png=png, answer_alt=described)
    if reply.public is not None:
        if reply.public.minor:
            out.append = reply.public
        else:
            out.post = reply.public
    if not out.answer and move and reply.ok:
        # the turn's post says what was done, in words: the caller reads its first line, not the
        # notation they typed or clicked ("Done: `move east …`")
        told = list(out.post.lines[:1]) if out.post is not None else []
        out.answer = [msg("bot.turn.done_told" if told else "bot.turn.done_plain")] + told
    return out


def command_requests(p: Plan) -> int:
    """Discord requests a table command (``/game new|join|start|status|board``, ``/hand``) costs,
    answered the way ``bot.discord.send.deliver`` does: a public post with nothing private IS the
    interaction's answer, a private view is an ephemeral answer; both cost two."""
    n = 1 if (p.answer or p.answer_png is not None or p.post is not None) else 0
    if p.post is not None and (p.answer or p.answer_png is not None):
        n += 1
    if p.append is not None:
        n += 1
    return n


def requests(p: Plan, known_post: bool = True) -> int:
    """Discord requests the plan costs: the answer, the post, the edit (or post) of a minor line."""
    n = 1  # the interaction's answer (a click's edit of its own menu is one too)
    if p.post is not None:
        n += 1
    if p.append is not None:
        n += 1  # an edit of the turn's post, or a plain post when it is unknown (after a restart)
    return n


# --- the turn's summary in one or two lines ---------------------------------------------------
@functools.cache
def groups() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Repeated events of one kind told once: event key -> (summary key, the params gathered in a
    list), every game's (its plug's ``GROUPS``). The events must agree on every other parameter;
    the summary key gets those, the lists and ``n``."""
    return {key: rule for table in every("GROUPS") for key, rule in table.items()}


@functools.cache
def summaries() -> frozenset[str]:
    """The summary keys of :func:`groups` (a run told once is an act as it is)."""
    return frozenset(key for key, _ in groups().values())


@functools.cache
def quiet() -> frozenset[str]:
    """Events a turn's post need not repeat once the seat did anything else (the post IS the
    turn's end): every game's (its plug's ``QUIET_EVENTS``)."""
    return frozenset().union(*every("QUIET_EVENTS"))

_SUBJECT = "{who}"
#: the keys of sentences without their subject (``_bare``): "bot.turn.bare." + the sentence's key
_BARE = "bot.turn.bare."
_ENDS = (".", "。")


def _bare(key: str) -> str | None:
    """The key of ``key``'s sentence without its subject ("{who} sails ..." -> "sails ..."), registered
    on first use from the catalogs themselves; None when a locale's sentence does not open with it."""
    bare = _BARE + key
    if bare in CATALOGS["en"]:
        return bare
    derived = {}
    for loc in LOCALES:
        tmpl = template(key, loc)
        forms = tmpl if isinstance(tmpl, dict) else {"other": tmpl} if isinstance(tmpl, str) else None
        if not forms or not all(f.startswith(_SUBJECT + " ") for f in forms.values()):
            return None
        cut = {k: f[len(_SUBJECT):].strip().rstrip("".join(_ENDS)) for k, f in forms.items()}
        derived[loc] = cut if isinstance(tmpl, dict) else cut["other"]
    for loc, tmpl in derived.items():
        register(loc, {bare: tmpl})
    return bare


def registered(m) -> None:
    """The subject-less sentences ``m`` says (its own key, its parameters' messages) registered here
    as :func:`_bare` registers them on first use: a render worker words a turn's lines the bot's
    process condensed (``image_words``)."""
    if isinstance(m, list | tuple):
        for x in m:
            registered(x)
        return
    if m.__class__ is not Msg:
        return
    if m.key.startswith(_BARE) and m.key not in CATALOGS["en"]:
        _bare(m.key[len(_BARE):])
    for v in m.params.values():
        if v.__class__ is Msg or isinstance(v, list | tuple):
            registered(v)


def _act(m) -> object | None:
    """One event as an act of its seat, without the subject (None: it cannot be told so)."""
    bare = _bare(m.key)
    return None if bare is None else Msg(bare, {k: v for k, v in m.params.items() if k != "who"})


def _grouped(ms: list) -> list:
    """Runs of one event kind told once (``GROUPS``); other events as they are."""
    out: list = []
    i = 0
    while i < len(ms):
        m = ms[i]
        rule = groups().get(m.key)
        j = i + 1
        if rule is not None:
            same = {k: v for k, v in m.params.items() if k not in rule[1]}
            while j < len(ms) and ms[j].key == m.key and \
                    {k: v for k, v in ms[j].params.items() if k not in rule[1]} == same:
                j += 1
        if j - i > 1:
            params = dict(same, n=j - i, **{k: [x.params.get(k, "") for x in ms[i:j]] for k in rule[1]})
            out.append(Msg(rule[0], params))
        else:
            out.append(m)
        i = j
    return out


#: between a seat's acts told in one line, when they are plain text (an engine not keyed yet)
_THEN = {"en": "; ", "zh-TW": "；"}


def _fold_plain(lines: list, names, locale: str) -> list:
    """Plain lines (no message) of one seat in a row, told after one subject: "Cy burns 4 power;
    turns H4 into green; builds a dwelling on H4"."""
    out: list = []
    run_name, run = None, []

    def flush():
        if len(run) > 1:
            rest = [r[len(run_name) + 1:] for r in run[1:]]
            out.append(_THEN.get(locale, "; ").join([run[0], *rest]))
        else:
            out.extend(run)
        run.clear()

    longest_first = None
    for line in lines:
        plain = getattr(line, "msg", None) is None
        if plain and longest_first is None:  # most turns have no plain line: the names sorted only for one
            longest_first = sorted(names or (), key=len, reverse=True)
        name = next((n for n in longest_first if n and str(line).startswith(n + " ")), None) if plain else None
        if name is None or name != run_name:
            flush()
            run_name = name
        if name is None:
            out.append(line)
        else:
            run.append(str(line))
    flush()
    return out


def condense(lines: list, locale: str = "en", names=()) -> list:
    """A turn's lines in the player's terms, one line per seat's run of acts: "Ann puts 3 ships
    on F3, F4, F5; sails ship 1 to P11." instead of a line per step. Lines without a message, or
    whose sentence does not open with the seat, stay as they are (plain lines of one seat in a
    row, ``names`` being the seats' names, are folded the same way). Each new line remembers its
    message, so it can be worded again for another reader."""
    out: list = []
    run: list = []  # (who, Msg, names, line) of the current seat's acts
    def flush():
        if not run:
            return
        who, names = run[0][0], run[0][2]
        if len(run) == 1:  # one act: its own sentence, as the line already says it in ``locale``
            m, line = run[0][1], run[0][3]
            same = isinstance(line, Text) and line.locale == locale and line.msg is m
            out.append(line if same else Text(fill_names(render(m, locale), names), m, names, locale))
            run.clear()
            return
        ms = _grouped([act[1] for act in run])
        loud = [m for m in ms if m.key not in quiet()] or ms[-1:]
        grouped = summaries()
        acts = [m if m.key in grouped else _act(m) for m in loud]
        if all(a is not None for a in acts):
            chain = acts[-1]
            for a in reversed(acts[:-1]):
                chain = Msg("bot.turn.then", {"a": a, "b": chain})
            m = Msg("bot.turn.acts", {"who": who, "acts": chain})
            out.append(Text(fill_names(render(m, locale), names), m, names, locale))
        else:
            for act in run:
                out.append(Text(fill_names(render(act[1], locale), names), act[1], names, locale))
        run.clear()

    for line in lines:
        m = getattr(line, "msg", None)
        who = m.params.get("who") if isinstance(m, Msg) else None
        if not isinstance(who, str) or _bare(m.key) is None:  # not an act of its seat (``_act``)
            flush()
            out.append(line)
            continue
        if run and run[0][0] != who:
            flush()
        run.append((who, m, tuple(getattr(line, "names", ())), line))
    flush()
    return _fold_plain(out, names, locale)
