// A stand-in for the few Foundation declarations assetc's generated Objective-C uses, so it can be
// syntax-checked on Linux with clang. Declarations follow the iOS SDK.
#include <math.h>
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef double CGFloat;
typedef struct { CGFloat width, height; } CGSize;
typedef struct { CGFloat x, y; } CGPoint;
typedef struct { CGPoint origin; CGSize size; } CGRect;
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")

NS_ASSUME_NONNULL_BEGIN
__attribute__((objc_root_class)) @interface NSObject
+ (instancetype)alloc;
- (BOOL)respondsToSelector:(SEL)aSelector;
@end
@interface NSString : NSObject
- (NSString *)stringByAppendingPathComponent:(NSString *)str;
@end
@interface NSData : NSObject
+ (nullable instancetype)dataWithContentsOfFile:(NSString *)path;
@end
@interface NSBundle : NSObject
@property (class, readonly, strong) NSBundle *mainBundle;
@property (readonly, copy) NSString *bundlePath;
@end
NS_ASSUME_NONNULL_END
