// A stand-in for the few UIKit declarations assetc's generated Objective-C uses (UIKit is not on
// Linux). Declarations and availability follow the iOS SDK, so clang's -Wunguarded-availability
// finds a call the generated code makes without checking the system version.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN
typedef enum : NSInteger { UIImageRenderingModeAutomatic, UIImageRenderingModeAlwaysOriginal, UIImageRenderingModeAlwaysTemplate } UIImageRenderingMode;
typedef enum : NSInteger { UIImageResizingModeTile, UIImageResizingModeStretch } UIImageResizingMode;
typedef struct { CGFloat top, left, bottom, right; } UIEdgeInsets;
static inline UIEdgeInsets UIEdgeInsetsMake(CGFloat top, CGFloat left, CGFloat bottom, CGFloat right) {
    UIEdgeInsets insets = {top, left, bottom, right};
    return insets;
}
typedef enum : NSInteger { UIUserInterfaceIdiomUnspecified = -1, UIUserInterfaceIdiomPhone, UIUserInterfaceIdiomPad } UIUserInterfaceIdiom;
typedef enum : NSInteger { UIUserInterfaceStyleUnspecified, UIUserInterfaceStyleLight, UIUserInterfaceStyleDark } UIUserInterfaceStyle;
typedef enum : NSInteger { UIAccessibilityContrastUnspecified = -1, UIAccessibilityContrastNormal, UIAccessibilityContrastHigh } UIAccessibilityContrast;

API_AVAILABLE_IOS(8.0) @interface UITraitCollection : NSObject
@property (class, nonatomic, readonly) UITraitCollection *currentTraitCollection API_AVAILABLE_IOS(13.0);
+ (UITraitCollection *)traitCollectionWithTraitsFromCollections:(NSArray<UITraitCollection *> *)traitCollections;
+ (UITraitCollection *)traitCollectionWithDisplayScale:(CGFloat)scale;
+ (UITraitCollection *)traitCollectionWithUserInterfaceIdiom:(UIUserInterfaceIdiom)idiom;
+ (UITraitCollection *)traitCollectionWithUserInterfaceStyle:(UIUserInterfaceStyle)userInterfaceStyle API_AVAILABLE_IOS(12.0);
+ (UITraitCollection *)traitCollectionWithAccessibilityContrast:(UIAccessibilityContrast)accessibilityContrast API_AVAILABLE_IOS(13.0);
@property (nonatomic, readonly) UIUserInterfaceIdiom userInterfaceIdiom;
@property (nonatomic, readonly) UIUserInterfaceStyle userInterfaceStyle API_AVAILABLE_IOS(12.0);
@property (nonatomic, readonly) UIAccessibilityContrast accessibilityContrast API_AVAILABLE_IOS(13.0);
@end
@interface UIImage : NSObject
+ (nullable UIImage *)imageNamed:(NSString *)name;
+ (nullable UIImage *)imageNamed:(NSString *)name inBundle:(nullable NSBundle *)bundle
    compatibleWithTraitCollection:(nullable UITraitCollection *)traitCollection API_AVAILABLE_IOS(8.0);
+ (nullable UIImage *)imageWithData:(NSData *)data scale:(CGFloat)scale;
- (UIImage *)imageWithRenderingMode:(UIImageRenderingMode)renderingMode API_AVAILABLE_IOS(7.0);
- (UIImage *)resizableImageWithCapInsets:(UIEdgeInsets)capInsets resizingMode:(UIImageResizingMode)resizingMode API_AVAILABLE_IOS(6.0);
@property (nonatomic, readonly) CGFloat scale;
@end
API_AVAILABLE_IOS(9.0) @interface NSDataAsset : NSObject
- (nullable instancetype)initWithName:(NSString *)name bundle:(NSBundle *)bundle;
@property (readonly, copy) NSData *data;
@end
API_AVAILABLE_IOS(8.0) @interface UIImageAsset : NSObject
- (UIImage *)imageWithTraitCollection:(UITraitCollection *)traitCollection;
- (void)registerImage:(UIImage *)image withTraitCollection:(UITraitCollection *)traitCollection;
@end
@interface UIColor : NSObject
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
+ (UIColor *)colorWithDisplayP3Red:(CGFloat)displayP3Red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha API_AVAILABLE_IOS(10.0);
+ (UIColor *)colorWithDynamicProvider:(UIColor * (^)(UITraitCollection *traitCollection))dynamicProvider API_AVAILABLE_IOS(13.0);
+ (nullable UIColor *)colorNamed:(NSString *)name inBundle:(nullable NSBundle *)bundle
    compatibleWithTraitCollection:(nullable UITraitCollection *)traitCollection API_AVAILABLE_IOS(11.0);
@property (class, nonatomic, readonly) UIColor *clearColor;
@property (class, nonatomic, readonly) UIColor *blackColor;
@property (class, nonatomic, readonly) UIColor *whiteColor;
@property (class, nonatomic, readonly) UIColor *grayColor;
@property (class, nonatomic, readonly) UIColor *lightGrayColor;
@property (class, nonatomic, readonly) UIColor *darkGrayColor;
@property (class, nonatomic, readonly) UIColor *darkTextColor;
@property (class, nonatomic, readonly) UIColor *lightTextColor;
@property (class, nonatomic, readonly) UIColor *labelColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *secondaryLabelColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *tertiaryLabelColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *quaternaryLabelColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *secondarySystemBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *tertiarySystemBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemGroupedBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *secondarySystemGroupedBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *tertiarySystemGroupedBackgroundColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemFillColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *secondarySystemFillColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *tertiarySystemFillColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *quaternarySystemFillColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *placeholderTextColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *separatorColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *opaqueSeparatorColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *linkColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemBlueColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemGreenColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemIndigoColor API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemOrangeColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemPinkColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemPurpleColor API_AVAILABLE_IOS(9.0);
@property (class, nonatomic, readonly) UIColor *systemRedColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemTealColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemYellowColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemGrayColor API_AVAILABLE_IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemGray2Color API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemGray3Color API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemGray4Color API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemGray5Color API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemGray6Color API_AVAILABLE_IOS(13.0);
@property (class, nonatomic, readonly) UIColor *systemMintColor API_AVAILABLE_IOS(15.0);
@property (class, nonatomic, readonly) UIColor *systemCyanColor API_AVAILABLE_IOS(15.0);
@property (class, nonatomic, readonly) UIColor *systemBrownColor API_AVAILABLE_IOS(15.0);
@end
@interface UIScreen : NSObject
+ (UIScreen *)mainScreen;
@property (nonatomic, readonly) CGRect bounds;
@property (nonatomic, readonly) CGFloat scale;
@end
@interface UIDevice : NSObject
+ (UIDevice *)currentDevice;
@property (nonatomic, readonly) UIUserInterfaceIdiom userInterfaceIdiom;
@end
NS_ASSUME_NONNULL_END
