/*
 * @fiscus/libxml2-native: the machine's libxml2 through Node-API, for the fast lanes of
 * @fiscus/ksef's validateKsef and @fiscus/ubl's validateUbl. It answers only "valid against the
 * form's XSD, and here is the tree (or the part of it the checks read)" or "not sure"
 * (undefined): the caller then takes the full path (libxml2 in WebAssembly), which words the
 * findings. A crash here would kill the whole process, so every input is bounded, every
 * allocation checked and freed on every path, and nothing but the registered schema files is
 * ever loaded (no network, no other file).
 *
 * JavaScript calls, in this order:
 *   allowFile(url, path)             a schema file the XSDs may load, and its local copy
 *   addForm(namespace, root, path, whole)
 *                                    a form: its root element, its XSD (compiled on first use)
 *                                    and whether its whole tree is handed back; its index, or -1
 *   setView(spec)                    what of the tree of the other forms to hand back (set_view)
 *   validate(bytes, options, encoding?)
 *                                    undefined, or the form's index ('0' + index) and the tree
 *
 * The view's encoding of an element (forms without `whole`): \x01 name, then \x03 name \x04
 * value for each unprefixed attribute, then \x05 text when it has no element child, else its
 * children (those in the view), then \x02.
 *
 * The whole tree's encoding of an element (forms with `whole`, see encode_whole): \x01 NAME LINE,
 * then \x05 prefix \x07 uri for each namespace declaration, \x03 NAME value for each attribute
 * (file order), then its children: elements, and \x08 text for each run of text and CDATA
 * (comments and processing instructions end a run and are left out), then \x02. NAME is, for
 * the document's n-th distinct name, the character 0x20 + n when n < 0xe0, else \x04 and three
 * characters 0x20 + 6 bits of n (high bits first); or, where a name is first used, \x06 uri \x07
 * prefix \x07 local \x07 (it is then the next n). LINE is three characters, 0x20 + 6 bits
 * each of libxml2's 16-bit line of the start tag. So the encoding of a document in Latin-1 is
 * Latin-1 too, and JavaScript keeps it (and the names and texts cut from it) one byte a character.
 *
 * These control bytes cannot occur in an XML 1.0 document; a text holding one makes the answer
 * "not sure", as do more distinct names than NAME can number.
 */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <node_api.h>

#include "markup_scan.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FORMS 32
#define MAX_FILES 64
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
  int whole;  /* the whole tree is handed back (encode_whole), not the view */
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

/*
 * A text as is; one holding a byte of the encodings' markup (a control character other than
 * tab, line feed and carriage return, which XML 1.0 never allows) cannot be handed back.
 */
static void append_text(Buffer *buffer, const xmlChar *text) {
  if (text == NULL) return;
  size_t length = strlen((const char *)text);
  for (size_t index = 0; index < length; index += 1) {
    xmlChar byte = text[index];
    if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') buffer->failed = 1;
  }
  append(buffer, (const char *)text, length);
}

/* A code point below 0x100 in UTF-8. */
static void append_code(Buffer *buffer, unsigned code) {
  if (code < 0x80) {
    append_byte(buffer, (char)code);
  } else {
    char bytes[2] = {(char)(0xc0 | (code >> 6)), (char)(0x80 | (code & 0x3f))};
    append(buffer, bytes, 2);
  }
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

/* ---- The whole tree (forms with `whole`) ------------------------------------------------ */

/* A name of the document: its local name and namespace (libxml2 interns names and shares xmlNs). */
typedef struct {
  const xmlChar *local; /* NULL: a free slot */
  const xmlNs *ns;
  unsigned id;
} NameSlot;

/* The distinct names met so far in one document, by pointer (open addressing, grown at half). */
typedef struct {
  NameSlot *slots;
  size_t capacity; /* a power of two */
  unsigned count;
} NameTable;

/* NAME: one character for the first 0xe0 names, then \x04 and three of 6 bits. */
#define NAME_BASE 0x20u
#define SHORT_NAMES 0xe0u
#define MAX_NAMES (SHORT_NAMES + (1u << 18))

static size_t name_hash(const xmlChar *local, const xmlNs *ns, size_t capacity) {
  uint64_t key = (uint64_t)(uintptr_t)local * 0x9e3779b97f4a7c15ull ^ (uint64_t)(uintptr_t)ns;
  key ^= key >> 29;
  return (size_t)(key * 0xbf58476d1ce4e5b9ull >> 17) & (capacity - 1);
}

/* The slot of (local, ns): its own, or the free one where it goes (NULL only if the table is). */
static NameSlot *name_slot(NameTable *table, const xmlChar *local, const xmlNs *ns) {
  if (table->slots == NULL) return NULL;
  size_t index = name_hash(local, ns, table->capacity);
  while (table->slots[index].local != NULL &&
         (table->slots[index].local != local || table->slots[index].ns != ns)) {
    index = (index + 1) & (table->capacity - 1);
  }
  return &table->slots[index];
}

/* Doubles the table (0: out of memory, the table unchanged). */
static int grow_names(NameTable *table) {
  size_t capacity = table->capacity * 2;
  NameSlot *slots = calloc(capacity, sizeof *slots);
  if (slots == NULL) return 0;
  NameTable grown = {slots, capacity, table->count};
  for (size_t index = 0; index < table->capacity; index += 1) {
    NameSlot *old = &table->slots[index];
    if (old->local != NULL) *name_slot(&grown, old->local, old->ns) = *old;
  }
  free(table->slots);
  *table = grown;
  return 1;
}

/* An 18-bit number as three characters 0x20 + 6 bits, high bits first. */
static void append_sixes(Buffer *buffer, unsigned value) {
  append_byte(buffer, (char)(0x20 + ((value >> 12) & 0x3f)));
  append_byte(buffer, (char)(0x20 + ((value >> 6) & 0x3f)));
  append_byte(buffer, (char)(0x20 + (value & 0x3f)));
}

/* NAME for an element's or attribute's name: its number, defined where first used. */
static void append_name(Buffer *buffer, NameTable *names, const xmlChar *local, const xmlNs *ns) {
  NameSlot *slot = name_slot(names, local, ns);
  if (slot == NULL || local == NULL) {
    buffer->failed = 1;
    return;
  }
  if (slot->local == NULL) {
    if (names->count >= MAX_NAMES) {
      buffer->failed = 1;
      return;
    }
    if ((names->count + 1) * 2 > names->capacity) {
      if (!grow_names(names)) {
        buffer->failed = 1;
        return;
      }
      slot = name_slot(names, local, ns);
    }
    slot->local = local;
    slot->ns = ns;
    slot->id = names->count;
    names->count += 1;
    append_byte(buffer, '\x06');
    if (ns != NULL) append_text(buffer, ns->href);
    append_byte(buffer, '\x07');
    if (ns != NULL) append_text(buffer, ns->prefix);
    append_byte(buffer, '\x07');
    append_text(buffer, local);
    append_byte(buffer, '\x07');
    return;
  }
  if (slot->id < SHORT_NAMES) {
    append_code(buffer, NAME_BASE + slot->id);
  } else {
    append_byte(buffer, '\x04');
    append_sixes(buffer, slot->id - SHORT_NAMES);
  }
}

static void encode_whole(Buffer *buffer, NameTable *names, xmlNodePtr node, int depth) {
  if (depth > MAX_DEPTH) {
    buffer->failed = 1;
    return;
  }
  append_byte(buffer, '\x01');
  append_name(buffer, names, node->name, node->ns);
  append_sixes(buffer, node->line);
  for (xmlNsPtr declaration = node->nsDef; declaration != NULL; declaration = declaration->next) {
    append_byte(buffer, '\x05');
    append_text(buffer, declaration->prefix);
    append_byte(buffer, '\x07');
    append_text(buffer, declaration->href);
  }
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next) {
    append_byte(buffer, '\x03');
    append_name(buffer, names, attr->name, attr->ns);
    for (xmlNodePtr child = attr->children; child != NULL; child = child->next) {
      append_text(buffer, child->content);
    }
  }
  int in_text = 0; /* text and CDATA next to each other are one text */
  for (xmlNodePtr child = node->children; child != NULL && !buffer->failed; child = child->next) {
    if (child->type == XML_ELEMENT_NODE) {
      in_text = 0;
      encode_whole(buffer, names, child, depth + 1);
    } else if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) {
      if (!in_text) append_byte(buffer, '\x08');
      in_text = 1;
      append_text(buffer, child->content);
    } else {
      in_text = 0;
    }
  }
  append_byte(buffer, '\x02');
}

/* The whole tree under `root`, with a name table of its own. */
static void encode_document(Buffer *buffer, xmlNodePtr root) {
  NameTable names = {calloc(256, sizeof(NameSlot)), 256, 0};
  if (names.slots == NULL) {
    buffer->failed = 1;
    return;
  }
  encode_whole(buffer, &names, root, 0);
  free(names.slots);
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
static int validate_bytes(const char *bytes, size_t length, int options, const char *encoding,
                          Buffer *out) {
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
  xmlDocPtr document = xmlCtxtReadMemory(context, bytes, (int)length, NULL, encoding, options);
  int ok = document != NULL && error_count == 0 && context->wellFormed && context->nsWellFormed;
  xmlNodePtr root = ok ? xmlDocGetRootElement(document) : NULL;
  int form = root != NULL ? form_of(root) : -1;
  xmlSchemaValidCtxtPtr validation = form >= 0 ? validation_of(&forms[form]) : NULL;
  if (validation != NULL) {
    error_count = 0;
    ok = xmlSchemaValidateDoc(validation, document) == 0 && error_count == 0;
    if (ok) {
      append_byte(out, (char)('0' + form));
      if (forms[form].whole) {
        encode_document(out, root);
      } else {
        encode_element(out, root, 0, 0);
      }
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

static napi_value number(napi_env env, int value) {
  napi_value result;
  napi_create_int32(env, value, &result);
  return result;
}

/* The new form's index (as `validate` answers it), or -1. */
static napi_value add_form(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3) {
    return number(env, -1);
  }
  if (form_count >= MAX_FORMS) return number(env, -1);
  bool whole = false;
  if (argc >= 4 && napi_get_value_bool(env, argv[3], &whole) != napi_ok) whole = false;
  Form *form = &forms[form_count];
  form->namespace_uri = string_argument(env, argv[0]);
  form->root = string_argument(env, argv[1]);
  form->schema_path = string_argument(env, argv[2]);
  if (form->namespace_uri == NULL || form->root == NULL || form->schema_path == NULL) {
    free(form->namespace_uri);
    free(form->root);
    free(form->schema_path);
    memset(form, 0, sizeof *form);
    return number(env, -1);
  }
  form->whole = whole;
  form_count += 1;
  return number(env, form_count - 1);
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

/* A Uint8Array argument's bytes (NULL only when it is empty); 0 when it is none. */
static int bytes_argument(napi_env env, napi_value value, void **data, size_t *length) {
  bool is_typed_array = false;
  if (napi_is_typedarray(env, value, &is_typed_array) != napi_ok || !is_typed_array) return 0;
  napi_typedarray_type type;
  if (napi_get_typedarray_info(env, value, &type, length, data, NULL, NULL) != napi_ok ||
      type != napi_uint8_array) {
    return 0;
  }
  return *data != NULL || *length == 0;
}

static napi_value validate(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_value result;
  napi_get_undefined(env, &result);
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2) return result;
  size_t length = 0;
  void *data = NULL;
  if (!bytes_argument(env, argv[0], &data, &length) || length == 0) return result;
  int32_t options = 0;
  if (napi_get_value_int32(env, argv[1], &options) != napi_ok) return result;
  /* Never anything that reaches out: no network, no DTD, no entity substitution. */
  options |= XML_PARSE_NONET;
  options &= ~(XML_PARSE_NOENT | XML_PARSE_DTDLOAD | XML_PARSE_DTDATTR | XML_PARSE_DTDVALID |
               XML_PARSE_XINCLUDE | XML_PARSE_HUGE);
  /* The encoding the bytes are read in (by default, as the document says). */
  char *encoding = NULL;
  napi_valuetype encoding_type = napi_undefined;
  if (argc >= 3 && napi_typeof(env, argv[2], &encoding_type) == napi_ok &&
      encoding_type == napi_string) {
    encoding = string_argument(env, argv[2]);
    if (encoding == NULL) return result;
  }
  Buffer out = {NULL, 0, 0, 0};
  if (validate_bytes(data, length, options, encoding, &out)) {
    napi_create_string_utf8(env, out.data, out.length, &result);
  }
  free(out.data);
  free(encoding);
  return result;
}

/*
 * scanMarkup(bytes, maxDepth, maxName, maxMarkup?): the layer-1 quick scan of KSeF, or of UBL
 * with maxMarkup (markup_scan.c): 0, 1 or 2.
 */
static napi_value scan_markup(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  napi_value result;
  napi_create_int32(env, 0, &result);
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3) return result;
  size_t length = 0;
  void *data = NULL;
  if (!bytes_argument(env, argv[0], &data, &length)) return result;
  int32_t max_depth = 0;
  int32_t max_name = 0;
  if (napi_get_value_int32(env, argv[1], &max_depth) != napi_ok ||
      napi_get_value_int32(env, argv[2], &max_name) != napi_ok) {
    return result;
  }
  int32_t max_markup = 0;
  if (argc >= 4 && napi_get_value_int32(env, argv[3], &max_markup) != napi_ok) return result;
  int answer = length == 0 ? (max_markup > 0 ? 0 : 2)
                           : fiscus_markup_scan(data, length, max_depth, max_name, max_markup);
  napi_create_int32(env, answer, &result);
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
      {"scanMarkup", NULL, scan_markup, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
  return exports;
}
