// A stand-in for the few Foundation declarations assetc's generated Objective-C uses, so it can be
// syntax-checked on Linux with clang. Declarations and availability follow the iOS SDK.
long lround(double x);  // <math.h>, which the host C library would give for another target
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
#define NULL ((void *)0)
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef double CGFloat;
typedef struct { CGFloat width, height; } CGSize;
typedef struct { CGFloat x, y; } CGPoint;
typedef struct { CGPoint origin; CGSize size; } CGRect;
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define API_AVAILABLE_IOS(version) __attribute__((availability(ios, introduced = version)))

NS_ASSUME_NONNULL_BEGIN
__attribute__((objc_root_class)) @interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
+ (Class)class;
- (BOOL)respondsToSelector:(SEL)aSelector;
@end
@interface NSString : NSObject
- (NSString *)stringByAppendingPathComponent:(NSString *)str;
@end
@interface NSData : NSObject
+ (nullable instancetype)dataWithContentsOfFile:(NSString *)path;
@end
@interface NSArray<ObjectType> : NSObject
+ (instancetype)arrayWithObjects:(ObjectType)firstObj, ... __attribute__((sentinel(0, 1)));
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull [_Nonnull])objects count:(NSUInteger)cnt;
@end
@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
- (void)addObject:(ObjectType)anObject;
@end
@interface NSBundle : NSObject
@property (class, readonly, strong) NSBundle *mainBundle;
+ (NSBundle *)bundleForClass:(Class)aClass;
+ (nullable instancetype)bundleWithPath:(NSString *)path;
@property (readonly, copy) NSString *bundlePath;
@property (nullable, readonly, copy) NSString *resourcePath;
@end
@interface NSFileManager : NSObject
@property (class, readonly, strong) NSFileManager *defaultManager;
- (BOOL)fileExistsAtPath:(NSString *)path;
@end
NS_ASSUME_NONNULL_END
