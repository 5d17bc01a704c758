/* test-hostile.c: the hostile corpus (tests/data/hostile/MANIFEST).
 *
 * Each malformed or hostile file is loaded with rdt_scenario_load_from_file()
 * and, when it loads, checked with rdt_scenario_validate(); it must produce a
 * diagnostic of the expected severity containing the expected text, naming
 * the file and (where the manifest gives one) the line.  `redoubt-cli
 * validate` must then exit 1 (0 for warnings only, 1 with --strict) and name
 * the file.  Nothing may crash or hang (each test has an alarm), no content of
 * /etc/passwd may come out, and nothing may be fetched: the cases generated
 * here point their external entities, DTDs and XIncludes at a canary file
 * watched with inotify and at a TCP listener on 127.0.0.1, and both must stay
 * untouched. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rdt-diagnostic.h"
#include "rdt-scenario-io.h"
#include "rdt-validate.h"

typedef struct
{
  char *name;        /* file name, or "@generated-case" */
  RdtSeverity severity;
  int line;          /* 0: not checked */
  char *substring;
} Case;

static char *scratch_dir;
static char *canary_path;
static int canary_watch_fd = -1;
static int listener_fd = -1;
static int listener_port;
static GPtrArray *passwd_lines;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->name);
  g_free (c->substring);
  g_free (c);
}

/* Generated cases -------------------------------------------------------- */

static const char scenario_head[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"hostile\">\n"
  "  <title>hostile</title>\n";

static void
write_or_die (const char *path,
              GString    *content)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, content->str, (gssize) content->len, &error);
  g_assert_no_error (error);
}

/* 10 MB of nested elements, one per line. */
static void
generate_nested (const char *path,
                 gboolean    single_line)
{
  g_autoptr(GString) s = g_string_new (scenario_head);
  const gsize target = 10 * 1024 * 1024;
  gsize depth = 0;

  g_string_append (s, "  <note>");
  while (s->len < target)
    {
      g_string_append (s, single_line ? "<a>" : "<a>\n");
      depth++;
    }
  for (gsize i = 0; i < depth; i++)
    g_string_append (s, "</a>");
  g_string_append (s, "</note>\n</scenario>\n");
  write_or_die (path, s);
}

static void
generate_huge_attribute (const char *path)
{
  g_autoptr(GString) s = g_string_new (NULL);

  g_string_append (s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"hostile\">\n"
                      "  <title>hostile</title>\n  <sides>\n    <side id=\"british\" name=\"");
  for (gsize i = 0; i < 11 * 1024 * 1024; i++)
    g_string_append_c (s, 'x');
  g_string_append (s, "\"/>\n  </sides>\n</scenario>\n");
  write_or_die (path, s);
}

/* More elements than RDT_FORMAT_MAX_ELEMENTS, shallow, in little space. */
static void
generate_many_elements (const char *path)
{
  g_autoptr(GString) s = g_string_new (scenario_head);

  g_string_append (s, "  <note>");
  for (guint i = 0; i < RDT_FORMAT_MAX_ELEMENTS + 10; i++)
    g_string_append (s, "<b/>");
  g_string_append (s, "</note>\n</scenario>\n");
  write_or_die (path, s);
}

/* 60 MB of empty elements, under the size limit: the count limit must stop
 * the parse early, before a tree of 15 million nodes exists. */
static void
generate_many_elements_60mb (const char *path)
{
  g_autoptr(GString) s = g_string_sized_new (61 * 1024 * 1024);

  g_string_append (s, scenario_head);
  g_string_append (s, "  <note>");
  while (s->len < 60 * 1024 * 1024)
    g_string_append (s, "<b/>");
  g_string_append (s, "</note>\n</scenario>\n");
  write_or_die (path, s);
}

/* One element with 400,000 attributes (5 MB): quadratic in libxml2 2.9. */
static void
generate_many_attributes (const char *path)
{
  g_autoptr(GString) s = g_string_new (scenario_head);

  g_string_append (s, "  <note");
  for (guint i = 0; i < 400000; i++)
    g_string_append_printf (s, " a%u=\"\"", i);
  g_string_append (s, ">x</note>\n</scenario>\n");
  write_or_die (path, s);
}

/* A sparse file one byte over the limit: nothing should read it. */
static void
generate_too_large (const char *path)
{
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, scenario_head, strlen (scenario_head)), ==, (gssize) strlen (scenario_head));
  g_assert_cmpint (ftruncate (fd, (off_t) RDT_FORMAT_MAX_BYTES + 1), ==, 0);
  close (fd);
}

/* External entities, an external DTD and an XInclude that point at the canary
 * and the listener. */
static void
generate_canary (const char *path,
                 const char *kind)
{
  g_autoptr(GString) s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  if (g_str_equal (kind, "entity"))
    g_string_append_printf (s,
                            "<!DOCTYPE scenario [\n"
                            "  <!ENTITY file SYSTEM \"file://%s\">\n"
                            "  <!ENTITY net SYSTEM \"http://127.0.0.1:%d/entity\">\n"
                            "  <!ENTITY %% pe SYSTEM \"http://127.0.0.1:%d/pe.dtd\">\n"
                            "  %%pe;\n"
                            "]>\n"
                            "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"c\">\n"
                            "  <title>&file;&net;</title>\n</scenario>\n",
                            canary_path, listener_port, listener_port);
  else if (g_str_equal (kind, "dtd"))
    g_string_append_printf (s,
                            "<!DOCTYPE scenario SYSTEM \"http://127.0.0.1:%d/redoubt.dtd\">\n"
                            "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"c\">\n"
                            "  <title>t</title>\n</scenario>\n", listener_port);
  else if (g_str_equal (kind, "utf7"))
    {
      /* The same external entities, spelt in UTF-7 so that no "<!DOCTYPE"
       * appears in the bytes. */
      g_autofree char *plain = g_strdup_printf (
        "<!DOCTYPE scenario [\n"
        "  <!ENTITY file SYSTEM \"file://%s\">\n"
        "  <!ENTITY net SYSTEM \"http://127.0.0.1:%d/entity\">\n"
        "]>\n"
        "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"c\">\n"
        "  <title>&file;&net;</title>\n</scenario>\n", canary_path, listener_port);

      g_string_assign (s, "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n");
      for (const char *p = plain; *p != '\0'; p++)
        switch (*p)
          {
          case '<': g_string_append (s, "+ADw-"); break;
          case '>': g_string_append (s, "+AD4-"); break;
          case '&': g_string_append (s, "+ACY-"); break;
          case '!': g_string_append (s, "+ACE-"); break;
          default: g_string_append_c (s, *p); break;
          }
    }
  else
    g_string_append_printf (s,
                            "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"c\">\n"
                            "  <title>t</title>\n"
                            "  <xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file://%s\" parse=\"text\"/>\n"
                            "  <xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"http://127.0.0.1:%d/x\"/>\n"
                            "</scenario>\n", canary_path, listener_port);
  write_or_die (path, s);
}

/* Returns the path of the file to load for @c, generating it if needed. */
static char *
case_path (const Case *c)
{
  const char *gen = c->name + 1;
  char *path;

  if (c->name[0] != '@')
    return g_test_build_filename (G_TEST_DIST, "data", "hostile", c->name, NULL);

  path = g_strdup_printf ("%s/%s.redoubt", scratch_dir, gen);
  if (g_str_equal (gen, "nested-10mb"))
    generate_nested (path, FALSE);
  else if (g_str_equal (gen, "deep-single-line-10mb"))
    generate_nested (path, TRUE);
  else if (g_str_equal (gen, "huge-attribute-11mb"))
    generate_huge_attribute (path);
  else if (g_str_equal (gen, "many-elements"))
    generate_many_elements (path);
  else if (g_str_equal (gen, "many-elements-60mb"))
    generate_many_elements_60mb (path);
  else if (g_str_equal (gen, "many-attributes-400k"))
    generate_many_attributes (path);
  else if (g_str_equal (gen, "larger-than-64mib"))
    generate_too_large (path);
  else if (g_str_equal (gen, "canary-external-entities"))
    generate_canary (path, "entity");
  else if (g_str_equal (gen, "canary-external-dtd"))
    generate_canary (path, "dtd");
  else if (g_str_equal (gen, "canary-xinclude"))
    generate_canary (path, "xinclude");
  else if (g_str_equal (gen, "canary-utf7-doctype"))
    generate_canary (path, "utf7");
  else
    g_error ("MANIFEST names an unknown generated case %s", c->name);
  return path;
}

/* Canaries --------------------------------------------------------------- */

static void
setup_canaries (void)
{
  g_autoptr(GError) error = NULL;
  struct sockaddr_in addr = { 0 };
  socklen_t len = sizeof addr;

  canary_path = g_build_filename (scratch_dir, "canary-secret.txt", NULL);
  g_file_set_contents (canary_path, "CANARY-7f3a9 must never be read\n", -1, &error);
  g_assert_no_error (error);
  canary_watch_fd = inotify_init1 (IN_NONBLOCK | IN_CLOEXEC);
  g_assert_cmpint (canary_watch_fd, >=, 0);
  g_assert_cmpint (inotify_add_watch (canary_watch_fd, canary_path, IN_OPEN | IN_ACCESS), >=, 0);

  /* A sandbox without a loopback interface cannot host the listener; the
   * http:// references then point at the discard port and only the file
   * canary is checked (said in the test log, not silently). */
  listener_port = 9;
  listener_fd = socket (AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  g_assert_cmpint (listener_fd, >=, 0);
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  addr.sin_port = 0;
  if (bind (listener_fd, (struct sockaddr *) &addr, sizeof addr) != 0
      || listen (listener_fd, 8) != 0
      || getsockname (listener_fd, (struct sockaddr *) &addr, &len) != 0)
    {
      g_printerr ("# no loopback listener (%s): network canary not checked\n", g_strerror (errno));
      close (listener_fd);
      listener_fd = -1;
      return;
    }
  listener_port = ntohs (addr.sin_port);
}

static void
assert_canaries_untouched (const char *what)
{
  char buf[4096];
  gssize n = read (canary_watch_fd, buf, sizeof buf);
  int conn;

  if (n > 0)
    g_error ("%s opened or read the canary file %s", what, canary_path);
  if (listener_fd < 0)
    return;
  conn = accept (listener_fd, NULL, NULL);
  if (conn >= 0)
    {
      close (conn);
      g_error ("%s connected to the network (127.0.0.1:%d)", what, listener_port);
    }
  g_assert_cmpint (errno, ==, EAGAIN);
}

/* The lines of /etc/passwd long enough to be unmistakable. */
static void
load_passwd_lines (void)
{
  g_autofree char *content = NULL;
  g_auto(GStrv) lines = NULL;

  passwd_lines = g_ptr_array_new_with_free_func (g_free);
  if (!g_file_get_contents ("/etc/passwd", &content, NULL, NULL))
    return;
  lines = g_strsplit (content, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    if (strlen (*l) >= 12 && strchr (*l, ':') != NULL)
      g_ptr_array_add (passwd_lines, g_strdup (*l));
}

static void
assert_no_secrets (const char *text,
                   const char *what)
{
  if (text == NULL)
    return;
  g_assert_null (strstr (text, "CANARY-7f3a9"));
  for (guint i = 0; i < passwd_lines->len; i++)
    if (strstr (text, g_ptr_array_index (passwd_lines, i)) != NULL)
      g_error ("%s shows a line of /etc/passwd: %s", what, text);
}

/* The test ----------------------------------------------------------------- */

static gboolean
contains_ci (const char *haystack,
             const char *needle)
{
  g_autofree char *h = g_utf8_casefold (haystack, -1);
  g_autofree char *n = g_utf8_casefold (needle, -1);

  return strstr (h, n) != NULL;
}

static char *
describe (GPtrArray    *diagnostics,
          const GError *error)
{
  GString *s = g_string_new (NULL);

  if (error != NULL)
    g_string_append_printf (s, "\n  GError: %s", error->message);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
      g_string_append_printf (s, "\n  %s", line);
    }
  if (diagnostics->len == 0 && error == NULL)
    g_string_append (s, "\n  (nothing at all)");
  return g_string_free (s, FALSE);
}

static void
check_with_library (const Case *c,
                    const char *path)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autofree char *found = NULL;
  gboolean matched = FALSE, line_ok = FALSE, file_named = FALSE;

  scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  if (scenario != NULL)
    {
      /* The loader runs the semantic validation itself; running it again
       * must be harmless and find the same errors. */
      g_autoptr(GPtrArray) again = rdt_diagnostics_new ();

      g_assert_no_error (error);
      rdt_scenario_validate (scenario, again);
      g_assert_cmpuint (rdt_diagnostics_count (again, RDT_SEVERITY_ERROR), <=,
                        rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR));
    }
  else
    {
      /* A refusal always says why, in the GError and as a diagnostic. */
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, !=, "");
      assert_no_secrets (error->message, c->name);
    }
  found = describe (diagnostics, error);
  g_test_message ("%s:%s", c->name, found);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *text = rdt_diagnostic_to_string (d);
      /* What the diagnostic says, without the file name (which may contain
       * the expected words). */
      g_autofree char *said = g_strdup_printf ("<%s> %s (%s)", d->element ? d->element : "",
                                               d->message ? d->message : "",
                                               d->hint ? d->hint : "");

      assert_no_secrets (text, c->name);
      if (d->severity != c->severity || !contains_ci (said, c->substring))
        continue;
      matched = TRUE;
      file_named = file_named || g_strcmp0 (d->file, path) == 0;
      line_ok = line_ok || c->line == 0 || d->line == c->line;
    }

  if (!matched)
    {
      g_test_fail_printf ("%s: expected a %s containing “%s”; got:%s", c->name,
                          rdt_severity_to_string (c->severity), c->substring, found);
      return;
    }
  if (!file_named)
    {
      g_test_fail_printf ("%s: the diagnostic does not name the file %s:%s", c->name, path, found);
      return;
    }
  if (!line_ok)
    {
      g_test_fail_printf ("%s: expected the diagnostic on line %d; got:%s", c->name, c->line, found);
      return;
    }
  if (c->severity == RDT_SEVERITY_ERROR)
    g_assert_true (scenario == NULL || rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0);
  else
    g_assert_nonnull (scenario);
}

static void
run_cli (const char  *path,
         gboolean     strict,
         int         *out_status,
         char       **out_output)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[5];
  int n = 0, status;

  argv[n++] = cli;
  argv[n++] = "validate";
  if (strict)
    argv[n++] = "--strict";
  argv[n++] = path;
  argv[n] = NULL;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  *out_status = WEXITSTATUS (status);
  *out_output = g_strconcat (out, err, NULL);
}

static void
check_with_cli (const Case *c,
                const char *path)
{
  g_autofree char *output = NULL;
  g_autofree char *prefix = NULL;
  int status;

  if (g_getenv ("REDOUBT_CLI") == NULL)
    {
      g_test_incomplete ("REDOUBT_CLI is not set: run through meson test");
      return;
    }

  run_cli (path, FALSE, &status, &output);
  assert_no_secrets (output, "redoubt-cli validate");
  if (status != (c->severity == RDT_SEVERITY_ERROR ? 1 : 0))
    {
      g_test_fail_printf ("%s: redoubt-cli validate exited %d:\n%s", c->name, status, output);
      return;
    }
  /* "FILE:LINE: error|warning: ..." */
  prefix = c->line != 0 ? g_strdup_printf ("%s:%d: %s", path, c->line,
                                           rdt_severity_to_string (c->severity))
                        : g_strdup_printf ("%s:", path);
  if (strstr (output, prefix) == NULL)
    {
      g_test_fail_printf ("%s: redoubt-cli validate does not print “%s”:\n%s", c->name, prefix,
                          output);
      return;
    }

  if (c->severity == RDT_SEVERITY_WARNING)
    {
      g_autofree char *strict_output = NULL;

      run_cli (path, TRUE, &status, &strict_output);
      g_assert_cmpint (status, ==, 1);
    }
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *path = case_path (c);

  /* A hang is a failure: SIGALRM's default action ends the test. */
  alarm (120);
  check_with_library (c, path);
  assert_canaries_untouched (c->name);
  if (!g_test_failed ())
    check_with_cli (c, path);
  assert_canaries_untouched (c->name);

  /* The limits bound memory too: redoubt-cli validate on the 60 MB file
   * stays far below the 2 GB a full tree of it would take.  Measured by
   * rss-probe: a child forked from this test starts with the test's own
   * resident set, so getrusage (RUSAGE_CHILDREN) here measured the test
   * (1 GB under ASan), not the CLI (issue 11). */
  if (g_str_has_suffix (c->name, "-60mb") && g_getenv ("REDOUBT_CLI") != NULL)
    {
      g_autofree char *probe = g_test_build_filename (G_TEST_BUILT, "rss-probe", NULL);
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;
      const char *argv[] = { probe, g_getenv ("REDOUBT_CLI"), "validate", path, NULL };
      const char *line;
      struct rusage usage;
      int status;
      long kib;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                                   NULL, NULL, NULL, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 1);
      line = strstr (err, "rss-probe: maxrss ");
      g_assert_nonnull (line);
      kib = strtol (line + strlen ("rss-probe: maxrss "), NULL, 10);
      g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &usage), ==, 0);
      g_test_message ("redoubt-cli validate: %ld KiB (largest child of this test, counting "
                      "what a fork inherits: %ld KiB)", kib, usage.ru_maxrss);
      g_assert_cmpint (kib, >, 0);
      /* 73 MB here, 160 MB under ASan; the tree of two million nodes it
       * used to build took 385 MB, 650 MB under ASan. */
      g_assert_cmpint (kib, <, 256 * 1024);
    }
  alarm (0);

  if (c->name[0] == '@')
    g_unlink (path);
}

/* The manifest ------------------------------------------------------------- */

static GPtrArray *
read_manifest (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile", "MANIFEST", NULL);
  g_autofree char *content = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  g_file_get_contents (path, &content, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (content, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    {
      g_auto(GStrv) f = NULL;
      Case *c;

      if (**l == '\0' || **l == '#')
        continue;
      f = g_strsplit (*l, "\t", 4);
      if (g_strv_length (f) != 4)
        g_error ("MANIFEST: bad line “%s”", *l);
      c = g_new0 (Case, 1);
      c->name = g_strdup (f[0]);
      if (g_str_equal (f[1], "error"))
        c->severity = RDT_SEVERITY_ERROR;
      else if (g_str_equal (f[1], "warning"))
        c->severity = RDT_SEVERITY_WARNING;
      else
        g_error ("MANIFEST: bad severity in “%s”", *l);
      c->line = g_str_equal (f[2], "-") ? 0 : atoi (f[2]);
      c->substring = g_strdup (f[3]);
      g_ptr_array_add (cases, c);
    }
  return cases;
}

/* Every committed corpus file is in the manifest, and the corpus is big
 * enough to mean something. */
static void
test_manifest_complete (gconstpointer data)
{
  GPtrArray *cases = (GPtrArray *) data;
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "hostile", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpuint (cases->len, >=, 40);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      if (!g_str_has_suffix (name, ".redoubt"))
        continue;
      for (guint i = 0; i < cases->len && !listed; i++)
        listed = g_str_equal (((Case *) g_ptr_array_index (cases, i))->name, name);
      if (!listed)
        g_error ("%s is in tests/data/hostile but not in its MANIFEST", name);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = NULL;
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  scratch_dir = g_dir_make_tmp ("redoubt-hostile-XXXXXX", &error);
  g_assert_no_error (error);
  setup_canaries ();
  load_passwd_lines ();

  cases = read_manifest ();
  g_test_add_data_func ("/format/hostile/manifest-complete", cases, test_manifest_complete);
  for (guint i = 0; i < cases->len; i++)
    {
      const Case *c = g_ptr_array_index (cases, i);
      g_autofree char *test_path = g_strdup_printf ("/format/hostile/%s",
                                                    c->name[0] == '@' ? c->name + 1 : c->name);
      g_test_add_data_func (test_path, c, test_case);
    }

  ret = g_test_run ();

  g_unlink (canary_path);
  g_rmdir (scratch_dir);
  return ret;
}
