public let galleryVersion = 1
