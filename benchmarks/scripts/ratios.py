"""Ratios of a storage benchmark run against its baselines, one column per run (JMH -rf json files).

Usage: python3 benchmarks/scripts/ratios.py RUN1/results.json [RUN2/results.json ...]
"""
import json, sys, statistics
def load(path):
    d = json.load(open(path))
    r = {}
    for b in d:
        name = b['benchmark'].split('.')[-1]
        p = b.get('params', {})
        key = name + ''.join('[%s=%s]' % (k, v) for k, v in sorted(p.items()) if k != 'durability')
        r[key] = b['primaryMetric']['score']
    return r
runs = [load(p) for p in sys.argv[1:]]
def show(label, f):
    vals = [f(r) for r in runs]
    print('%-60s %s  median %.2f' % (label, '  '.join('%.2f' % v for v in vals), statistics.median(vals)))
for k in sorted(runs[0]):
    print('%-60s %s' % (k, '  '.join('%.1f' % r[k] for r in runs)))
print()
MB = 8192 / 1e6
for force in ['false', 'true']:
    base = lambda r: r['fileChannel[forceAtBound=%s]' % force]
    show('fileChannel MB/s force=%s' % force, lambda r: base(r) * MB)
    show('pageFile/fileChannel force=%s' % force, lambda r: r['pageFile[forceAtBound=%s]' % force] / base(r))
    for rb in ['1016', '81']:
        show('appendRegion%s/fileChannel force=%s' % (rb, force),
             lambda r: r['appendRegion[forceAtBound=%s][recordBytes=%s]' % (force, rb)] / base(r))
show('pinRead ns', lambda r: r['pinRead'])
show('pinRead/directRead', lambda r: r['pinRead'] / r['directRead'])
show('pinRead4Threads ns', lambda r: r['pinRead4Threads'])
show('pinRead4Threads/directRead4Threads', lambda r: r['pinRead4Threads'] / r['directRead4Threads'])
show('pinRead4Threads/pinRead', lambda r: r['pinRead4Threads'] / r['pinRead'])
show('pool aggregate Mpins/s 1T', lambda r: 1e3 / r['pinRead'])
show('pool aggregate Mpins/s 4T', lambda r: 4e3 / r['pinRead4Threads'])
for wal in ['fresh', 'recycled']:
    c1 = lambda r: r['commit1Thread[wal=%s]' % wal]
    show('commit1 latency us wal=%s' % wal, lambda r: 1e6 / c1(r))
    show('commit1 latency / fdatasync(prealloc) wal=%s' % wal, lambda r: r['fdatasync[file=preallocated]'] / c1(r))
    show('commit1 latency / fdatasync(append) wal=%s' % wal, lambda r: r['fdatasync[file=append]'] / c1(r))
    show('commit4/commit1 wal=%s' % wal, lambda r: r['commit4Threads[wal=%s]' % wal] / c1(r))
    show('commit16/commit1 wal=%s' % wal, lambda r: r['commit16Threads[wal=%s]' % wal] / c1(r))
show('fdatasync prealloc latency us', lambda r: 1e6 / r['fdatasync[file=preallocated]'])
show('fdatasync append latency us', lambda r: 1e6 / r['fdatasync[file=append]'])
