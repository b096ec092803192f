/*
 * @fiscus/libxml2-native: the machine's libxml2 through Node-API, for the fast lane of
 * @fiscus/ksef's validateKsef. It answers only "valid against the form's XSD, and here is the
 * part of the tree the checks read" or "not sure" (undefined): the caller then takes the full
 * path (libxml2 in WebAssembly), which words the findings. A crash here would kill the whole
 * process, so every input is bounded, every allocation checked and freed on every path, and
 * nothing but the registered schema files is ever loaded (no network, no other file).
 *
 * JavaScript calls, in this order:
 *   allowFile(url, path)             a schema file the XSDs may load, and its local copy
 *   addForm(namespace, root, path)   a form: its root element and its XSD (compiled on first use)
 *   setView(spec)                    what of the tree to hand back (see parse_view)
 *   validate(bytes, options)         undefined, or the form's index and the encoded view
 *
 * The encoding of an element: \x01 name, then \x03 name \x04 value for each unprefixed attribute,
 * then \x05 text when it has no element child, else its children (those in the view), then \x02.
 * These bytes cannot occur in an XML 1.0 document; a text holding one makes the answer "not sure".
 */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <node_api.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FORMS 4
#define MAX_FILES 16
#define MAX_VIEW 256
#define MAX_NAME 128
#define MAX_DEPTH 300
/* The parser context is reused; its dictionary of names grows, so it is replaced after this. */
#define CONTEXT_INPUT_LIMIT (8 * 1024 * 1024)
/* Whatever is below a view entry whose child is VIEW_ALL is handed back whole. */
#define VIEW_ALL (-1)

typedef struct {
  char *namespace_uri;
  char *root;
  char *schema_path;
  xmlSchemaPtr schema;
  xmlSchemaValidCtxtPtr valid;
  int broken; /* the schema did not compile: never try again */
} Form;

typedef struct {
  char *url;
  char *path;
} AllowedFile;

typedef struct {
  char name[MAX_NAME];
  int parent; /* index of the view node it belongs to (0: the root element) */
  int child;  /* the view node of its own children, or VIEW_ALL */
} ViewEntry;

typedef struct {
  char *data;
  size_t length;
  size_t capacity;
  int failed;
} Buffer;

static Form forms[MAX_FORMS];
static int form_count = 0;
static AllowedFile files[MAX_FILES];
static int file_count = 0;
static ViewEntry view[MAX_VIEW];
static int view_count = 0;
/*
 * One reused parser context per set of options: libxml2 2.9 keeps NOBLANKS's handler on a
 * context for the reads after, so a context never changes options.
 */
typedef struct {
  int options;
  xmlParserCtxtPtr context;
  size_t input;
} Parser;
static Parser parsers[2] = {{-1, NULL, 0}, {-1, NULL, 0}};
static int error_count = 0;

/* libxml2's errors are counted, never printed: any error means "not sure". */
static void count_error(void *data, xmlErrorPtr error) {
  (void)data;
  if (error == NULL || error->level >= XML_ERR_ERROR) error_count += 1;
}

/* Only the registered schema files are loaded; any other URL or file is refused. */
static xmlParserInputPtr load_entity(const char *url, const char *id, xmlParserCtxtPtr context) {
  (void)id;
  if (url == NULL) return NULL;
  for (int index = 0; index < file_count; index += 1) {
    if (strcmp(url, files[index].url) == 0 || strcmp(url, files[index].path) == 0) {
      return xmlNewInputFromFile(context, files[index].path);
    }
  }
  return NULL;
}

static int append(Buffer *buffer, const char *bytes, size_t length) {
  if (buffer->failed) return 0;
  if (buffer->length + length > buffer->capacity) {
    size_t capacity = buffer->capacity * 2 + length + 256;
    char *grown = realloc(buffer->data, capacity);
    if (grown == NULL) {
      buffer->failed = 1;
      return 0;
    }
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->length, bytes, length);
  buffer->length += length;
  return 1;
}

static int append_byte(Buffer *buffer, char byte) { return append(buffer, &byte, 1); }

/* A text as is; one holding a byte of the encoding's markup cannot be handed back. */
static void append_text(Buffer *buffer, const xmlChar *text) {
  if (text == NULL) return;
  size_t length = strlen((const char *)text);
  for (size_t index = 0; index < length; index += 1) {
    if (text[index] >= 0x01 && text[index] <= 0x05) buffer->failed = 1;
  }
  append(buffer, (const char *)text, length);
}

/* The text and CDATA children of `node` (an element without element children, or an attribute). */
static void append_content(Buffer *buffer, xmlNodePtr node) {
  for (xmlNodePtr child = node->children; child != NULL; child = child->next) {
    if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) {
      append_text(buffer, child->content);
    }
  }
}

/* The view entry for a child named `name` of view node `at`, or -1 when it is not read. */
static int view_entry(int at, const xmlChar *name) {
  for (int index = 0; index < view_count; index += 1) {
    if (view[index].parent == at && strcmp(view[index].name, (const char *)name) == 0) {
      return index;
    }
  }
  return -1;
}

static void encode_element(Buffer *buffer, xmlNodePtr node, int at, int depth) {
  if (depth > MAX_DEPTH) {
    buffer->failed = 1;
    return;
  }
  append_byte(buffer, '\x01');
  append_text(buffer, node->name);
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next) {
    if (attr->ns != NULL && attr->ns->prefix != NULL && attr->ns->prefix[0] != 0) continue;
    append_byte(buffer, '\x03');
    append_text(buffer, attr->name);
    append_byte(buffer, '\x04');
    append_content(buffer, (xmlNodePtr)attr);
  }
  xmlNodePtr first = node->children;
  while (first != NULL && first->type != XML_ELEMENT_NODE) first = first->next;
  if (first == NULL) {
    append_byte(buffer, '\x05');
    append_content(buffer, node);
  }
  for (xmlNodePtr child = first; child != NULL && !buffer->failed; child = child->next) {
    if (child->type != XML_ELEMENT_NODE) continue;
    if (at == VIEW_ALL) {
      encode_element(buffer, child, VIEW_ALL, depth + 1);
    } else {
      int entry = view_entry(at, child->name);
      if (entry >= 0) encode_element(buffer, child, view[entry].child, depth + 1);
    }
  }
  append_byte(buffer, '\x02');
}

/* The form's validation context, its XSD compiled on first use (NULL: not available). */
static xmlSchemaValidCtxtPtr validation_of(Form *form) {
  if (form->valid != NULL || form->broken) return form->valid;
  form->broken = 1;
  xmlSchemaParserCtxtPtr schema_parser = xmlSchemaNewParserCtxt(form->schema_path);
  if (schema_parser == NULL) return NULL;
  xmlSchemaSetParserStructuredErrors(schema_parser, count_error, NULL);
  error_count = 0;
  form->schema = xmlSchemaParse(schema_parser);
  xmlSchemaFreeParserCtxt(schema_parser);
  if (form->schema != NULL && error_count > 0) {
    xmlSchemaFree(form->schema);
    form->schema = NULL;
  }
  if (form->schema == NULL) return NULL;
  form->valid = xmlSchemaNewValidCtxt(form->schema);
  if (form->valid == NULL) return NULL;
  xmlSchemaSetValidStructuredErrors(form->valid, count_error, NULL);
  form->broken = 0;
  return form->valid;
}

/* The form of a root element (by namespace and name), or -1. */
static int form_of(xmlNodePtr root) {
  if (root->ns == NULL || root->ns->href == NULL) return -1;
  for (int index = 0; index < form_count; index += 1) {
    if (strcmp((const char *)root->ns->href, forms[index].namespace_uri) == 0 &&
        strcmp((const char *)root->name, forms[index].root) == 0) {
      return index;
    }
  }
  return -1;
}

/*
 * Parses and validates `bytes`; on success `out` holds the form's index as one digit and the
 * encoded view. 0 for "not sure" (then `out` is to be freed all the same).
 */
static int validate_bytes(const char *bytes, size_t length, int options, Buffer *out) {
  if (length == 0 || length > 64 * 1024 * 1024) return 0;
  Parser *parser = &parsers[(options & XML_PARSE_NOBLANKS) != 0];
  if (parser->context == NULL || parser->options != options ||
      parser->input > CONTEXT_INPUT_LIMIT) {
    if (parser->context != NULL) xmlFreeParserCtxt(parser->context);
    parser->context = xmlNewParserCtxt();
    parser->options = options;
    parser->input = 0;
    if (parser->context == NULL) return 0;
  }
  parser->input += length;
  error_count = 0;
  xmlParserCtxtPtr context = parser->context;
  xmlDocPtr document = xmlCtxtReadMemory(context, bytes, (int)length, NULL, NULL, options);
  int ok = document != NULL && error_count == 0 && context->wellFormed && context->nsWellFormed;
  xmlNodePtr root = ok ? xmlDocGetRootElement(document) : NULL;
  int form = root != NULL ? form_of(root) : -1;
  xmlSchemaValidCtxtPtr validation = form >= 0 ? validation_of(&forms[form]) : NULL;
  if (validation != NULL) {
    error_count = 0;
    ok = xmlSchemaValidateDoc(validation, document) == 0 && error_count == 0;
    if (ok) {
      append_byte(out, (char)('0' + form));
      encode_element(out, root, 0, 0);
      ok = !out->failed;
    }
  } else {
    ok = 0;
  }
  if (document != NULL) xmlFreeDoc(document);
  return ok;
}

/* ---- Node-API glue ---------------------------------------------------------------------- */

/* A JS string argument as a new NUL-terminated copy (NULL when it is none or too long). */
static char *string_argument(napi_env env, napi_value value) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  if (length > 4096) return NULL;
  char *copy = malloc(length + 1);
  if (copy == NULL) return NULL;
  if (napi_get_value_string_utf8(env, value, copy, length + 1, &length) != napi_ok) {
    free(copy);
    return NULL;
  }
  return copy;
}

static napi_value boolean(napi_env env, int value) {
  napi_value result;
  napi_get_boolean(env, value != 0, &result);
  return result;
}

static napi_value allow_file(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2) {
    return boolean(env, 0);
  }
  if (file_count >= MAX_FILES) return boolean(env, 0);
  char *url = string_argument(env, argv[0]);
  char *path = string_argument(env, argv[1]);
  if (url == NULL || path == NULL) {
    free(url);
    free(path);
    return boolean(env, 0);
  }
  files[file_count].url = url;
  files[file_count].path = path;
  file_count += 1;
  return boolean(env, 1);
}

static napi_value add_form(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3) {
    return boolean(env, 0);
  }
  if (form_count >= MAX_FORMS) return boolean(env, 0);
  Form *form = &forms[form_count];
  form->namespace_uri = string_argument(env, argv[0]);
  form->root = string_argument(env, argv[1]);
  form->schema_path = string_argument(env, argv[2]);
  if (form->namespace_uri == NULL || form->root == NULL || form->schema_path == NULL) {
    free(form->namespace_uri);
    free(form->root);
    free(form->schema_path);
    memset(form, 0, sizeof *form);
    return boolean(env, 0);
  }
  form_count += 1;
  return boolean(env, 1);
}

/*
 * The view as lines "name parent child\n" (parent: the view node the entry belongs to, 0 for
 * the root element's children; child: the view node of its children, -1 for all of them).
 */
static napi_value set_view(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1) {
    return boolean(env, 0);
  }
  size_t length = 0;
  if (napi_get_value_string_utf8(env, argv[0], NULL, 0, &length) != napi_ok) {
    return boolean(env, 0);
  }
  char *spec = malloc(length + 1);
  if (spec == NULL) return boolean(env, 0);
  napi_get_value_string_utf8(env, argv[0], spec, length + 1, &length);
  int count = 0;
  int ok = 1;
  char *save = NULL;
  for (char *line = strtok_r(spec, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
    ViewEntry entry;
    char format[32];
    snprintf(format, sizeof format, "%%%ds %%d %%d", MAX_NAME - 1);
    if (count >= MAX_VIEW || sscanf(line, format, entry.name, &entry.parent, &entry.child) != 3) {
      ok = 0;
      break;
    }
    view[count] = entry;
    count += 1;
  }
  free(spec);
  view_count = ok ? count : 0;
  return boolean(env, ok);
}

static napi_value validate(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_value result;
  napi_get_undefined(env, &result);
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2) return result;
  bool is_typed_array = false;
  napi_is_typedarray(env, argv[0], &is_typed_array);
  if (!is_typed_array) return result;
  napi_typedarray_type type;
  size_t length = 0;
  void *data = NULL;
  if (napi_get_typedarray_info(env, argv[0], &type, &length, &data, NULL, NULL) != napi_ok ||
      type != napi_uint8_array || data == NULL) {
    return result;
  }
  int32_t options = 0;
  if (napi_get_value_int32(env, argv[1], &options) != napi_ok) return result;
  /* Never anything that reaches out: no network, no DTD, no entity substitution. */
  options |= XML_PARSE_NONET;
  options &= ~(XML_PARSE_NOENT | XML_PARSE_DTDLOAD | XML_PARSE_DTDATTR | XML_PARSE_DTDVALID |
               XML_PARSE_XINCLUDE | XML_PARSE_HUGE);
  Buffer out = {NULL, 0, 0, 0};
  if (validate_bytes(data, length, options, &out)) {
    napi_create_string_utf8(env, out.data, out.length, &result);
  }
  free(out.data);
  return result;
}

/* One JavaScript environment only (libxml2's error counting and this state are shared). */
static int claimed = 0;

NAPI_MODULE_INIT() {
  if (__atomic_exchange_n(&claimed, 1, __ATOMIC_SEQ_CST) != 0) return exports;
  xmlInitParser();
  xmlSetExternalEntityLoader(load_entity);
  xmlSetStructuredErrorFunc(NULL, count_error);
  napi_property_descriptor methods[] = {
      {"allowFile", NULL, allow_file, NULL, NULL, NULL, napi_default, NULL},
      {"addForm", NULL, add_form, NULL, NULL, NULL, napi_default, NULL},
      {"setView", NULL, set_view, NULL, NULL, NULL, napi_default, NULL},
      {"validate", NULL, validate, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
  return exports;
}
