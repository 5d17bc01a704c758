/* rdt-structure-check-private.h: the project's own RELAX NG structure check (issue 15).
 *
 * libxml2's RELAX NG validation was a fifth of a load and, in its streaming
 * form, a third of a save (it validates every element with optional
 * attributes in full).  This checks the same transformed schema
 * (rdt-schema-check-private.h: the values are checked in C) over SAX
 * events, with the derivative algorithm of James Clark ("An algorithm for
 * RELAX NG validation", 2002): the state is one pattern, each event maps it
 * to its derivative, and patterns are shared and every derivative is
 * remembered, so after the first file each element costs a few table
 * lookups.
 *
 * It only ever says "valid".  When it is not sure (a comment or processing
 * instruction inside the document, a value it does not decide, a schema
 * construct it does not compile, a table grown past its cap) or when the
 * document does not match, it says "not sure" and the caller asks libxml2,
 * which gives the verdict and the messages it always gave.  Tests compare
 * both on every test file and on mutations of them
 * (/format/structure-check/issue-15/agrees-with-libxml2).
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* The compiled schema with its tables of patterns and derivatives.  Not
 * thread-safe: one thread uses one at a time (see the pool below). */
typedef struct _RdtStructureCheck RdtStructureCheck;

/* Compiles the RELAX NG schema document @rng (the transformed one).
 * Returns NULL and sets @error_message when it uses a construct this
 * check does not implement. */
RdtStructureCheck *_rdt_structure_check_new  (xmlDoc             *rng,
                                              char              **error_message);
void               _rdt_structure_check_free (RdtStructureCheck  *check);
/* Patterns made so far (tests). */
guint              _rdt_structure_check_n_patterns (RdtStructureCheck *check);
/* Grown past one of its caps (a hostile file): the pool drops it (tests). */
gboolean           _rdt_structure_check_is_spent   (RdtStructureCheck *check);

/* A pool of compiled checks for one schema document, for callers on any
 * thread.  acquire() returns NULL when the schema does not compile. */
typedef struct _RdtStructurePool RdtStructurePool;

RdtStructurePool  *_rdt_structure_pool_new     (xmlDoc            *rng);
RdtStructureCheck *_rdt_structure_pool_acquire (RdtStructurePool  *pool);
void               _rdt_structure_pool_release (RdtStructurePool  *pool,
                                                RdtStructureCheck *check);

/* One document, fed as SAX2 events (or from a tree). */
typedef struct _RdtStructureRun RdtStructureRun;

RdtStructureRun *_rdt_structure_run_new    (RdtStructureCheck *check);
void             _rdt_structure_run_free   (RdtStructureRun   *run);
/* As xmlSAX2StartElementNs's arguments: @attributes holds @nb_attributes
 * quintuples (localname, prefix, URI, value, end of value). */
void             _rdt_structure_run_start  (RdtStructureRun   *run,
                                            const xmlChar     *localname,
                                            const xmlChar     *uri,
                                            int                nb_attributes,
                                            const xmlChar    **attributes);
void             _rdt_structure_run_text   (RdtStructureRun   *run,
                                            const xmlChar     *text,
                                            int                len);
void             _rdt_structure_run_end    (RdtStructureRun   *run);
/* Something the check does not follow (a comment inside the root, an
 * entity reference): the verdict becomes "not sure". */
void             _rdt_structure_run_doubt  (RdtStructureRun   *run);
/* TRUE only when the document certainly matches the schema. */
gboolean         _rdt_structure_run_valid  (RdtStructureRun   *run);

/* The same check of a whole tree (tests, and documents already parsed). */
gboolean         _rdt_structure_check_tree (RdtStructureCheck *check,
                                            xmlNode           *root);

G_END_DECLS
