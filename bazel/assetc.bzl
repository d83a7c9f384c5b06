"""assetc's render and assembly as Bazel actions (docs/build-engines.md).

`assetc plan assets.json --write-plan assets_plan`, run from the workspace root, writes the plan, one
fragment per source and `assets_plan/plan.bzl`; load `ASSETC_PLAN` from it and call
`assetc_resources`. Each source becomes one render action (its variants batched) whose inputs are
its fragment, the source and the assetc binary, so a change to one source re-runs one action and
every other render comes from the cache; one action assembles the index, runtime table, Info.plist
keys and report. Outputs land in `<name>/Resources/…` (and `<name>/AppStore/…`) for an app bundle's
resources.
"""

def assetc_resources(name, plan, assetc, data = [], visibility = None):
    """Declares the render and assemble actions of a checked-in assetc plan.

    Args:
      name: the target; its outputs are under `<name>/`.
      plan: the `ASSETC_PLAN` dict from the plan's `plan.bzl`.
      assetc: the label of the assetc binary (a relocatable release build).
      data: more inputs every render needs (a `fonts` folder the manifest names).
      visibility: as usual.
    """
    rendered = []
    for index, render in enumerate(plan["renders"]):
        outs = [name + "/" + path for path in render["outputs"]]
        native.genrule(
            name = "%s_render_%d" % (name, index),
            srcs = [render["fragment"], render["source"]] + data,
            outs = outs,
            tools = [assetc],
            cmd = "$(location %s) render $(location %s) --output $(RULEDIR)/%s --jobs 1" % (assetc, render["fragment"], name),
            message = "assetc render " + render["source"],
        )
        rendered += outs
    native.genrule(
        name = name,
        srcs = [plan["plan"]] + rendered,
        outs = [name + "/" + path for path in plan["assembled"]],
        tools = [assetc],
        cmd = "$(location %s) assemble $(location %s) --output $(RULEDIR)/%s" % (assetc, plan["plan"], name),
        message = "assetc assemble",
        visibility = visibility,
    )
