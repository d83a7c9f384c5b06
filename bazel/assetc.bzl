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

def _catalog_folder(path):
    """`pkg/Assets.xcassets/Icon.imageset/a.png` → `pkg/Assets.xcassets`."""
    index = path.find(".xcassets/")
    if index < 0:
        fail("%s is not inside an .xcassets folder" % path)
    return path[:index + len(".xcassets")]

def _assetc_asset_catalog_impl(ctx):
    compiled = ctx.actions.declare_directory(ctx.label.name + ".compiled")
    partial = ctx.actions.declare_file(ctx.label.name + ".partial.plist")
    catalogs = {}
    for file in ctx.files.catalogs:
        catalogs[_catalog_folder(file.path)] = True

    # actool's argv as rules_apple's actool action builds it (paths relative to the execution root,
    # so the action key is the same in every checkout and a remote cache serves another one).
    args = ctx.actions.args()
    args.add("actool")
    args.add("--compile", compiled.path)
    args.add_all(["--errors", "--warnings", "--notices", "--output-format", "human-readable-text"])
    args.add("--platform", ctx.attr.platform)
    args.add("--minimum-deployment-target", ctx.attr.minimum_os_version)
    args.add("--compress-pngs")
    for device in ctx.attr.families:
        args.add("--target-device", device)
    if ctx.attr.app_icon:
        args.add("--app-icon", ctx.attr.app_icon)
    if ctx.attr.accent_color:
        args.add("--accent-color", ctx.attr.accent_color)
    args.add("--output-partial-info-plist", partial.path)
    args.add_all(sorted(catalogs.keys()))
    ctx.actions.run(
        executable = ctx.executable.assetc,
        arguments = [args],
        inputs = ctx.files.catalogs,
        outputs = [compiled, partial],
        mnemonic = "AssetCatalogCompile",
        progress_message = "Compiling asset catalogs for %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([compiled, partial]))]

assetc_asset_catalog = rule(
    implementation = _assetc_asset_catalog_impl,
    doc = """Compiles `.xcassets` catalogs with `assetc actool`, as rules_apple's actool action does.

    Outputs `<name>.compiled/` (Assets.car and the loose app icons and launch images, the files an
    app bundle's top level takes) and `<name>.partial.plist` (the Info.plist keys to merge).
    """,
    attrs = {
        "catalogs": attr.label_list(allow_files = True, doc = "Every file of the catalogs (a glob of `X.xcassets/**`)."),
        "assetc": attr.label(executable = True, cfg = "exec", allow_single_file = True, mandatory = True,
                             doc = "The assetc binary (a relocatable release build)."),
        "app_icon": attr.string(doc = "`--app-icon`: the app icon set's name."),
        "accent_color": attr.string(doc = "`--accent-color`: the accent colour set's name."),
        "platform": attr.string(default = "iphonesimulator", values = ["iphoneos", "iphonesimulator"]),
        "minimum_os_version": attr.string(default = "15.0"),
        "families": attr.string_list(default = ["iphone", "ipad"], doc = "`--target-device` values."),
    },
)
