#ifndef LIFELINE_CGRAPHVIZ_SHIM_H
#define LIFELINE_CGRAPHVIZ_SHIM_H

#include <stddef.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/* gvRenderData's length is `unsigned int *` in Graphviz 2.42 and `size_t *` in later
   releases. Pick the right call at compile time and always hand Swift a size_t. */
typedef int (*lifeline_render_uint_fn)(GVC_t *, graph_t *, const char *, char **, unsigned int *);
typedef int (*lifeline_render_size_fn)(GVC_t *, graph_t *, const char *, char **, size_t *);

static inline int lifeline_gvRenderData(GVC_t *gvc, graph_t *g, const char *format,
                                        char **result, size_t *length) {
    if (__builtin_types_compatible_p(__typeof__(&gvRenderData), lifeline_render_uint_fn)) {
        unsigned int shortLength = 0;
        int rc = ((lifeline_render_uint_fn)(void *)gvRenderData)(gvc, g, format, result, &shortLength);
        *length = shortLength;
        return rc;
    }
    return ((lifeline_render_size_fn)(void *)gvRenderData)(gvc, g, format, result, length);
}

#endif
