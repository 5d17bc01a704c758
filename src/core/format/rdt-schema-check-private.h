/* rdt-schema-check-private.h: the loader's fast form of data/schema/redoubt.rng (issue 15).
 *
 * libxml2 2.9's RELAX NG validator is slow on two things our schema uses a
 * lot: it compiles a <param name="pattern"> regular expression again for
 * every value it checks, and a run of N optional attributes on one element
 * makes it keep up to 2^N partial states (a volume's <terrain> with a dozen
 * effect attributes took 0.15 s).  The documented schema stays the contract
 * (xmllint with it accepts exactly the files the loader accepts); at load
 * the loader uses a copy transformed in memory:
 *
 * - every pattern facet is removed from the copy and checked in C instead;
 * - every optional attribute that is unconditionally part of an element's
 *   attributes (<optional><attribute name=…> reached from the element only
 *   through groups and refs) is replaced, per element, by one
 *   <zeroOrMore><attribute> over the names of all such attributes, with
 *   <text/> content; its value is checked in C against the original
 *   content pattern (values, lists, token/string data, maxLength, pattern).
 *
 * Both transformations are derived from the schema when it is compiled, so
 * a schema change never leaves the C checks behind: a pattern the C code
 * cannot check makes the compile fail.
 */
#pragma once

#include <glib.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

typedef struct _RdtSchemaCheck RdtSchemaCheck;

/* Called for each value that does not have its lexical form: @node is the
 * element, @message says which attribute (or the text) and what is expected. */
typedef void (*RdtSchemaCheckReport) (gpointer    user_data,
                                      xmlNode    *node,
                                      const char *message);

/* Compiles the schema text @rng (@size bytes).  Returns NULL and sets
 * @error_message (newly allocated) when it cannot. */
RdtSchemaCheck *_rdt_schema_check_new        (const char            *rng,
                                              gsize                  size,
                                              char                 **error_message);
void            _rdt_schema_check_free       (RdtSchemaCheck        *check);
/* The transformed RELAX NG schema for structure (transfer none). */
xmlRelaxNGPtr   _rdt_schema_check_get_relaxng (RdtSchemaCheck       *check);
/* The transformed schema document, for tests and debugging (transfer none). */
xmlDoc         *_rdt_schema_check_get_doc    (RdtSchemaCheck        *check);
/* Checks in C what the transformation took out of the RELAX NG schema for
 * every element under (and including) @root.  Returns the number of values
 * reported. */
guint           _rdt_schema_check_values     (RdtSchemaCheck        *check,
                                              xmlNode               *root,
                                              RdtSchemaCheckReport   report,
                                              gpointer               user_data);

/* The same checks one element at a time, for a streaming parse (the save's
 * re-validation, issue 15): the caller hands each element as it starts.  A
 * cursor caches names by their address in the document's dictionary: use
 * one per document. */
typedef struct _RdtSchemaCheckCursor RdtSchemaCheckCursor;

RdtSchemaCheckCursor *_rdt_schema_check_cursor_new        (RdtSchemaCheck       *check);
void                  _rdt_schema_check_cursor_free       (RdtSchemaCheckCursor *cursor);
/* Checks the attributes of @node (not its content).  Returns -1 when a value
 * was reported, 1 when the element's text content is checked too (then
 * call _rdt_schema_check_cursor_text() once its children are there), 0
 * otherwise. */
int                   _rdt_schema_check_cursor_attributes (RdtSchemaCheckCursor *cursor,
                                                           xmlNode              *node,
                                                           RdtSchemaCheckReport  report,
                                                           gpointer              user_data);
/* Checks the text content of @node; FALSE when it was reported. */
gboolean              _rdt_schema_check_cursor_text       (RdtSchemaCheckCursor *cursor,
                                                           xmlNode              *node,
                                                           RdtSchemaCheckReport  report,
                                                           gpointer              user_data);

/* The same checks from SAX2 events, where there is no tree (the save's
 * re-validation): @attributes as xmlSAX2StartElementNs gives them.  Only a
 * verdict, no message: returns -1 when a value does not have its lexical
 * form, 1 when the element's text is checked too (hand it to
 * _rdt_schema_check_cursor_sax_text() at the element's end), 0 otherwise. */
int                   _rdt_schema_check_cursor_sax        (RdtSchemaCheckCursor  *cursor,
                                                           const xmlChar         *localname,
                                                           const xmlChar         *uri,
                                                           int                    nb_attributes,
                                                           const xmlChar        **attributes);
gboolean              _rdt_schema_check_cursor_sax_text   (RdtSchemaCheckCursor  *cursor,
                                                           const xmlChar         *localname,
                                                           const xmlChar         *uri,
                                                           const char            *text);

/* The C matcher of one XSD pattern of the schema, applied to @value as the
 * pattern facet sees it (after the datatype's whitespace processing).
 * Returns -1 if @pattern has no C matcher (tests compare each with libxml2's
 * own regular expressions). */
int             _rdt_schema_pattern_match    (const char            *pattern,
                                              const char            *value);
/* The patterns that have a C matcher, NULL-terminated (transfer none). */
const char    **_rdt_schema_known_patterns   (void);

G_END_DECLS
