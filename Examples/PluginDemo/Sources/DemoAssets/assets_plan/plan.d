assets_plan/plan.json: \
  assets.json \
  art/check.pdf \
  art/disclosure.pdf

assets.json:

art/check.pdf:

art/disclosure.pdf:
