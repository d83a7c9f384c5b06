/// Every limit assetc enforces, in one table. Planning checks the ones known before rendering
/// (sizes, path lengths), so `assetc check` rejects everything `assetc build` would reject for a
/// reason that does not need pixels; readers and renderers check the rest as a second line.
///
/// docs/hardening.md lists them with their reasons.
public enum Limits {
    /// The widest or tallest image Cairo can draw: image surfaces are limited to 32,767 pixels a
    /// side (`MAX_IMAGE_SIZE` in cairo-image-surface.c, pixman's 16.16 fixed point).
    public static let maximumSidePixels = 32_767
    /// The largest variant assetc renders (about 200 MB of RGBA).
    public static let maximumVariantPixels = 50_000_000
    /// All variants of one build together (about 8 GB of RGBA rendered over the build): stops a
    /// manifest that asks for thousands of poster-sized images before it runs for hours.
    public static let maximumBuildPixels = 2_000_000_000
    /// The largest raster source assetc decodes.
    public static let maximumSourcePixels = 100_000_000
    /// Pixels an Icon Composer icon's bitmap layers may hold together as the car stores them (at
    /// most 1024 across each): 64 full-size layers, 256 MB of RGBA.
    public static let maximumIconStackPixels = 64 << 20
    /// The largest source file read (PDF or PNG).
    public static let maximumSourceBytes = 512 << 20
    /// The largest custom symbol template read (the SF Symbols app's full templates are about
    /// 100 KB; the template is held as an XML tree and its outlines as curves). Below libxml2's
    /// own limit of 10,000,000 bytes for one attribute or text, so no template meets that one.
    public static let maximumSymbolTemplateBytes = 8 << 20
    /// The largest manifest or Contents.json read.
    public static let maximumJSONBytes = 16 << 20
    /// The largest build-state file read. assetc wrote it, about 230 bytes per output: 80,000
    /// images at two scales make 36 MB, which the manifest limit above refused, so the state was
    /// taken as empty and every image re-rendered (a "no-op" slower than the clean build).
    public static let maximumStateBytes = 1 << 30
    /// Objects and arrays nested deeper than this are refused (the parser recurses).
    public static let maximumJSONDepth = 64
    /// An image name, in UTF-8 bytes (leaves room for `-568h@3x~iphone.png` in a 255-byte file name).
    public static let maximumNameBytes = 200
    /// One path component, in bytes (NAME_MAX on Linux and macOS).
    public static let maximumFileNameBytes = 255
    /// A whole path, in bytes, terminating NUL excluded (PATH_MAX is 4096 on Linux, 1024 on macOS).
    #if os(Linux)
    public static let maximumPathBytes = 4095
    #else
    public static let maximumPathBytes = 1023
    #endif
    /// Bytes a staged file's path may add to its output folder: `/.assetc/staging-<pid>/<index>.png`,
    /// kept free below `maximumPathBytes` so the staging paths fit as well as the outputs.
    public static let stagingPathReserve = 48
}
