/* The benchmark's reference: the least a program can do to render PDF pages to PNG in-process.
 * One core, Poppler + Cairo, cairo_surface_write_to_png. Reads lines "SOURCE\tWIDTH\tHEIGHT\tOUTPUT"
 * from stdin and renders each page 1 to exactly WIDTHxHEIGHT, the page filling the image.
 * Benchmark only: assetc itself never runs this. */
#include <cairo.h>
#include <poppler.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char line[8192];
    char last_source[4096] = "";
    PopplerDocument *document = NULL;
    while (fgets(line, sizeof line, stdin)) {
        char *source = strtok(line, "\t");
        char *width_text = strtok(NULL, "\t");
        char *height_text = strtok(NULL, "\t");
        char *output = strtok(NULL, "\t\n");
        if (!source || !width_text || !height_text || !output) continue;
        int width = atoi(width_text), height = atoi(height_text);
        if (strcmp(source, last_source) != 0) {
            if (document) g_object_unref(document);
            GError *error = NULL;
            char *uri = g_filename_to_uri(source, NULL, &error);
            document = poppler_document_new_from_file(uri, NULL, &error);
            g_free(uri);
            if (!document) {
                fprintf(stderr, "%s: %s\n", source, error ? error->message : "cannot open");
                return 1;
            }
            snprintf(last_source, sizeof last_source, "%s", source);
        }
        PopplerPage *page = poppler_document_get_page(document, 0);
        double page_width, page_height;
        poppler_page_get_size(page, &page_width, &page_height);
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
        cairo_t *cr = cairo_create(surface);
        cairo_scale(cr, width / page_width, height / page_height);
        poppler_page_render(page, cr);
        cairo_destroy(cr);
        if (cairo_surface_write_to_png(surface, output) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "%s: cannot write\n", output);
            return 1;
        }
        cairo_surface_destroy(surface);
        g_object_unref(page);
    }
    if (document) g_object_unref(document);
    return 0;
}
