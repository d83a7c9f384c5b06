#!/usr/bin/env python3
"""Writes slow.pdf: one 100x100 pt page whose Flate-compressed content stream (about 150 KB)
expands to 4 million stroked lines, so rendering it takes Poppler and Cairo many seconds. The
render-worker tests use it as a render that outlives its time budget. Made here; no third-party art."""
import zlib

content = b"0 0 m 100 100 l S 0 100 m 100 0 l S\n" * 2_000_000
stream = zlib.compress(content, 9)
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
    b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
]
out = b"%PDF-1.4\n"
offsets = []
for number, body in enumerate(objects, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    out += b"%010d 00000 n \n" % offset
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
with open(__file__.rsplit("/", 1)[0] + "/slow.pdf", "wb") as handle:
    handle.write(out)
