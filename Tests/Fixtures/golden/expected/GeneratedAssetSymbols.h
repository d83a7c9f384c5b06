#import <Foundation/Foundation.h>

#if __has_attribute(swift_private)
#define AC_SWIFT_PRIVATE __attribute__((swift_private))
#else
#define AC_SWIFT_PRIVATE
#endif

/// The resource bundle ID.
static NSString * const ACBundleID AC_SWIFT_PRIVATE = @"com.example.Real";

/// The "Domain/cover" asset catalog color resource.
static NSString * const ACColorNameDomainCover AC_SWIFT_PRIVATE = @"Domain/cover";

/// The "WidgetBackground" asset catalog color resource.
static NSString * const ACColorNameWidgetBackground AC_SWIFT_PRIVATE = @"WidgetBackground";

/// The "bazquxColor" asset catalog color resource.
static NSString * const ACColorNameBazquxColor AC_SWIFT_PRIVATE = @"bazquxColor";

/// The "launchScreen-background" asset catalog color resource.
static NSString * const ACColorNameLaunchScreenBackground AC_SWIFT_PRIVATE = @"launchScreen-background";

/// The "secondOnboardingScreenText" asset catalog color resource.
static NSString * const ACColorNameSecondOnboardingScreenText AC_SWIFT_PRIVATE = @"secondOnboardingScreenText";

/// The "sectionHeaderColor" asset catalog color resource.
static NSString * const ACColorNameSectionHeaderColor AC_SWIFT_PRIVATE = @"sectionHeaderColor";

/// The "tileBackground" asset catalog color resource.
static NSString * const ACColorNameTileBackground AC_SWIFT_PRIVATE = @"tileBackground";

/// The "vibrantTextColor" asset catalog color resource.
static NSString * const ACColorNameVibrantTextColor AC_SWIFT_PRIVATE = @"vibrantTextColor";

/// The "Icons - Test Tube" asset catalog image resource.
static NSString * const ACImageNameIconsTestTube AC_SWIFT_PRIVATE = @"Icons - Test Tube";

/// The "Onboarding/Rocket" asset catalog image resource.
static NSString * const ACImageNameOnboardingRocket AC_SWIFT_PRIVATE = @"Onboarding/Rocket";

/// The "accountCloudKit" asset catalog image resource.
static NSString * const ACImageNameAccountCloudKit AC_SWIFT_PRIVATE = @"accountCloudKit";

/// The "fas-ambulance" asset catalog image resource.
static NSString * const ACImageNameFasAmbulance AC_SWIFT_PRIVATE = @"fas-ambulance";

/// The "flag.at" asset catalog image resource.
static NSString * const ACImageNameFlagAt AC_SWIFT_PRIVATE = @"flag.at";

/// The "icon-trans" asset catalog image resource.
static NSString * const ACImageNameIconTrans AC_SWIFT_PRIVATE = @"icon-trans";

/// The "img_focus_wordmark" asset catalog image resource.
static NSString * const ACImageNameImgFocusWordmark AC_SWIFT_PRIVATE = @"img_focus_wordmark";

/// The "maki-bus" asset catalog image resource.
static NSString * const ACImageNameMakiBus AC_SWIFT_PRIVATE = @"maki-bus";

/// The "timelineStar" asset catalog image resource.
static NSString * const ACImageNameTimelineStar AC_SWIFT_PRIVATE = @"timelineStar";

#undef AC_SWIFT_PRIVATE
