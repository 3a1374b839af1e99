#!/usr/bin/env python3
"""Fidelity of bridgemp's ACBL club awards against what ACBLscore stored
(issue 42): award every event of the ACBLscore dumps (the acblscore
branch's reader output, one JSON per game file, events[].event and
events[].stored_awards) and compare per player and colour.

usage: club_fidelity.py BRIDGEMP DUMPS_DIR [--detail]
Prints one line per event and the overall match rate; exit 0 always (a
report, not a gate: not in CI)."""
import json, glob, os, subprocess, sys, tempfile, collections

def run(bmp, ev):
    # a dump's contestant "eligible": false is the library's params
    # "eligible": false (ACBL-154)
    for c in ev['contestants']:
        if 'eligible' in c:
            if c.pop('eligible') is False:
                c.setdefault('params', {})['eligible'] = False
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump(ev, f)
        path = f.name
    try:
        p = subprocess.run([bmp, 'award', path, '--format', 'json'], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if p.returncode != 0:
        return None, (p.stderr.strip() or p.stdout.strip()).splitlines()[-1:]
    return json.loads(p.stdout), None

def concurrent(ev, others):
    """ACBLscore credited an open NAP game's top flight with the tables of a
    concurrent restricted NAP game of the same file (ruling ACBL-RC14); the
    dump does not say so: pass it as ACBL-65's concurrent_restricted_tables."""
    sp = ev.get('params', {}).get('special')
    strata = [g for g in ev.get('groups', []) if g.get('type') == 'stratum']
    if sp != 'nap-club' or not strata or strata[0].get('upper_limit') is not None:
        return
    t = sum(o['tables'] for o in others if o.get('params', {}).get('special') == sp)
    if t:
        ev['params']['concurrent_restricted_tables'] = t

def computed(ev, out):
    got = collections.Counter()
    for a in out['awards']:
        c = next(c for c in ev['contestants'] if c['id'] == a['contestant'])
        players = c.get('players', [])
        targets = players if a['player'] is None else [players[a['player']]]
        for pl in targets:
            got[(a['contestant'], pl.get('name') or pl.get('id'), a['point_type'])] += a['hundredths']
    return got

def stored(e):
    want = collections.Counter()
    for s in e['stored_awards']:
        want[(s['contestant'], s['name'] or s['player'], s['colour'])] += s['points_hundredths']
    return want

def main():
    bmp, dumps = sys.argv[1], sys.argv[2]
    detail = '--detail' in sys.argv
    tot = ok = 0
    for f in sorted(glob.glob(os.path.join(dumps, '*.json'))):
        events = json.load(open(f))['events']
        for e in events:
            ev = e['event']
            concurrent(ev, [o['event'] for o in events if o is not e])
            want = stored(e)
            out, err = run(bmp, ev)
            got = computed(ev, out) if out else collections.Counter()
            keys = set(want) | set(got)
            # every player of every contestant counts once per colour paid by either side
            n = len(keys)
            m = sum(1 for k in keys if want.get(k, 0) == got.get(k, 0))
            tot += n
            ok += m
            name = '%s #%s %s' % (os.path.basename(f), ev.get('params', {}).get('acblscore.event', ''),
                                  ev.get('params', {}).get('special') or ev.get('classification'))
            print('%-70s %3d/%3d%s' % (name, m, n, ('  ' + err[0]) if err else ''))
            if detail:
                for k in sorted(keys):
                    if want.get(k, 0) != got.get(k, 0):
                        print('    %-40s stored %5d computed %5d' % (k, want.get(k, 0), got.get(k, 0)))
    print('match %d/%d = %.1f %%' % (ok, tot, 100.0 * ok / tot if tot else 0))

main()
