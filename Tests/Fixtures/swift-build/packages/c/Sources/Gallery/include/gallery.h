int gallery_version(void);
