#include "config.h"

#include "rdt-command.h"

G_DEFINE_ABSTRACT_TYPE (RdtCommand, rdt_command, G_TYPE_OBJECT)

static char *
rdt_command_real_dup_label (RdtCommand *self)
{
  return g_strdup (G_OBJECT_TYPE_NAME (self));
}

static void
rdt_command_class_init (RdtCommandClass *klass)
{
  klass->dup_label = rdt_command_real_dup_label;
}

static void
rdt_command_init (RdtCommand *self)
{
}

/**
 * rdt_command_apply:
 *
 * Returns: TRUE when the change was made; FALSE with `error` set when it could
 * not be (the document is then unchanged).
 */
gboolean
rdt_command_apply (RdtCommand   *self,
                   RdtDocument  *document,
                   GError      **error)
{
  g_return_val_if_fail (RDT_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (RDT_COMMAND_GET_CLASS (self)->apply != NULL, FALSE);

  return RDT_COMMAND_GET_CLASS (self)->apply (self, document, error);
}

void
rdt_command_revert (RdtCommand  *self,
                    RdtDocument *document)
{
  g_return_if_fail (RDT_IS_COMMAND (self));
  g_return_if_fail (RDT_COMMAND_GET_CLASS (self)->revert != NULL);

  RDT_COMMAND_GET_CLASS (self)->revert (self, document);
}

/**
 * rdt_command_dup_label:
 *
 * Returns: (transfer full): the translated label, e.g. "Paint Terrain".
 */
char *
rdt_command_dup_label (RdtCommand *self)
{
  g_return_val_if_fail (RDT_IS_COMMAND (self), NULL);

  return RDT_COMMAND_GET_CLASS (self)->dup_label (self);
}
