// A stand-in for the few UIKit declarations assetc's generated Objective-C uses (UIKit is not on
// Linux). Declarations follow the iOS SDK.
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN
typedef enum : NSInteger { UIImageRenderingModeAutomatic, UIImageRenderingModeAlwaysOriginal, UIImageRenderingModeAlwaysTemplate } UIImageRenderingMode;
typedef enum : NSInteger { UIUserInterfaceIdiomUnspecified = -1, UIUserInterfaceIdiomPhone, UIUserInterfaceIdiomPad } UIUserInterfaceIdiom;
typedef enum : NSInteger { UIUserInterfaceStyleUnspecified, UIUserInterfaceStyleLight, UIUserInterfaceStyleDark } UIUserInterfaceStyle;
typedef enum : NSInteger { UIAccessibilityContrastUnspecified = -1, UIAccessibilityContrastNormal, UIAccessibilityContrastHigh } UIAccessibilityContrast;

@interface UIImage : NSObject
+ (nullable UIImage *)imageWithData:(NSData *)data scale:(CGFloat)scale;
- (UIImage *)imageWithRenderingMode:(UIImageRenderingMode)renderingMode;
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
@interface UITraitCollection : NSObject
@property (class, nonatomic, readonly) UITraitCollection *currentTraitCollection;
@property (nonatomic, readonly) UIUserInterfaceStyle userInterfaceStyle;
@property (nonatomic, readonly) UIAccessibilityContrast accessibilityContrast;
@end
NS_ASSUME_NONNULL_END
