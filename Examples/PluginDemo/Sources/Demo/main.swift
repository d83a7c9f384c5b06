import DemoAssets

// Prints where each rendered file is, proving the PNGs are among DemoAssets' resources.
for file in ["Disclosure.png", "Disclosure@2x.png", "Disclosure@3x.png", "Check@3x.png"] {
    print(file, DemoAssets.path(of: file) ?? "missing")
}
