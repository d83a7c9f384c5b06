/* Benchmark anchor: the floor of PDF rendering with Poppler + Cairo on every core.
 *
 * Reads lines "SOURCE\tWIDTH\tHEIGHT\tOUTPUT" from stdin (the format of minimal_render.c) and
 * renders page 1 of each SOURCE to exactly WIDTHxHEIGHT, the page filling the image. Lines with the
 * same SOURCE next to each other form one job: the document is opened once for all its sizes.
 *
 *   render_floor [--no-write] [--jobs N]
 *
 * --jobs N   worker processes (default: online CPUs). Workers are forked before Poppler or GLib is
 *            touched and take jobs one at a time from a counter in shared memory, so a slow document
 *            does not leave the other cores idle at the end (dynamic, not static, split).
 * --no-write render only: the ARGB surface is made and drawn, then dropped; no PNG is encoded.
 *            Without it each image is written with cairo_surface_write_to_png (RGBA, zlib defaults).
 *
 * Benchmark only: assetc itself never runs this. */
#include <cairo.h>
#include <poppler.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    char *source, *output;
    int width, height;
} Line;

typedef struct {
    size_t first, count; /* a run of lines with one source */
} Job;

/* Renders one run of lines; returns 0 on success. */
static int render_job(const Line *lines, Job job, int write_png) {
    GError *error = NULL;
    char *uri = g_filename_to_uri(lines[job.first].source, NULL, &error);
    PopplerDocument *document = uri ? poppler_document_new_from_file(uri, NULL, &error) : NULL;
    g_free(uri);
    if (!document) {
        fprintf(stderr, "%s: %s\n", lines[job.first].source, error ? error->message : "cannot open");
        return 1;
    }
    PopplerPage *page = poppler_document_get_page(document, 0);
    double page_width, page_height;
    poppler_page_get_size(page, &page_width, &page_height);
    int status = 0;
    for (size_t i = job.first; i < job.first + job.count && status == 0; i++) {
        const Line *line = &lines[i];
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, line->width, line->height);
        cairo_t *cr = cairo_create(surface);
        cairo_scale(cr, line->width / page_width, line->height / page_height);
        poppler_page_render(page, cr);
        cairo_destroy(cr);
        cairo_surface_flush(surface); /* the drawing is done here, written or not */
        if (write_png && cairo_surface_write_to_png(surface, line->output) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "%s: cannot write\n", line->output);
            status = 1;
        }
        cairo_surface_destroy(surface);
    }
    g_object_unref(page);
    g_object_unref(document);
    return status;
}

int main(int argc, char **argv) {
    int write_png = 1;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-write") == 0) write_png = 0;
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) jobs = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: render_floor [--no-write] [--jobs N] < lines\n");
            return 2;
        }
    }
    if (jobs < 1) jobs = 1;

    /* Read every line first (all parsing happens before the fork). */
    size_t line_count = 0, line_capacity = 1024;
    Line *lines = malloc(line_capacity * sizeof *lines);
    char buffer[8192];
    while (fgets(buffer, sizeof buffer, stdin)) {
        char *source = strtok(buffer, "\t");
        char *width_text = strtok(NULL, "\t");
        char *height_text = strtok(NULL, "\t");
        char *output = strtok(NULL, "\t\n");
        if (!source || !width_text || !height_text || !output) continue;
        if (line_count == line_capacity) lines = realloc(lines, (line_capacity *= 2) * sizeof *lines);
        lines[line_count++] = (Line){strdup(source), strdup(output), atoi(width_text), atoi(height_text)};
    }

    /* Group neighbouring lines with the same source into jobs. */
    Job *job_list = malloc((line_count + 1) * sizeof *job_list);
    size_t job_count = 0;
    for (size_t i = 0; i < line_count; i++) {
        if (job_count > 0 && strcmp(lines[i].source, lines[job_list[job_count - 1].first].source) == 0)
            job_list[job_count - 1].count++;
        else
            job_list[job_count++] = (Job){i, 1};
    }

    /* Shared counter: the next job to take. */
    size_t *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (next == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    *next = 0;

    for (long worker = 0; worker < jobs; worker++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0) {
            for (;;) {
                size_t index = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
                if (index >= job_count) break;
                if (render_job(lines, job_list[index], write_png) != 0) _exit(1);
            }
            _exit(0);
        }
    }
    int failed = 0, status;
    while (wait(&status) > 0)
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
    return failed;
}
