/* lsan-file-chooser.h: GUI tests that open GTK's file chooser.
 *
 * The chooser (its places sidebar loads libcloudproviders) pushes a process
 * past 2048 GQuarks, and GLib then leaves its first quark block behind on
 * purpose (readers may still hold it); libcloudproviders keeps D-Bus objects
 * for the life of the process.  Under LeakSanitizer these come with a
 * two-frame stack ending in g_malloc (Debian's GLib has no frame pointers),
 * so no suppression in tests/lsan.supp can name them without also hiding
 * Redoubt's own leaks.  A test therefore runs the leak check just before it
 * opens a chooser: everything it did until then is checked exactly as at
 * exit, and LeakSanitizer then skips the check at exit (it runs once). */
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define RDT_TEST_BEFORE_FILE_CHOOSER() __lsan_do_leak_check ()
#else
#define RDT_TEST_BEFORE_FILE_CHOOSER() ((void) 0)
#endif
