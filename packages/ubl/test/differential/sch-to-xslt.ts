/**
 * Compiles a schematron model (read by the engine's own reader, src/schematron/read.ts) to an
 * XSLT 2.0 stylesheet that Saxon runs, in the shape the ISO skeleton gives its output: one mode
 * per pattern, each rule a template whose priority falls with its place in the pattern, asserts
 * and reports written as SVRL failed-assert / successful-report with id, flag and the skeleton's
 * full-path location. Written here from the SVRL contract, not copied from the skeleton; used to
 * give AGID's rules (published as .sch only) a Saxon reference. Proven first on the OpenPeppol
 * sources, where its output must agree with the official XSLT on the whole corpus.
 */
import type {
  Check,
  FnInstruction,
  Let,
  MessagePart,
  SchematronModel,
  XslFunction,
} from '../../src/schematron/read.ts';

const SVRL = 'http://purl.oclc.org/dsdl/svrl';
const XSL = 'http://www.w3.org/1999/XSL/Transform';
const XS = 'http://www.w3.org/2001/XMLSchema';

const attribute = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
const content = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function variable(element: 'param' | 'variable', let_: Let): string {
  if (let_.value !== undefined) {
    return `<xsl:${element} name="${attribute(let_.name)}" select="${attribute(let_.value)}"/>`;
  }
  return `<xsl:${element} name="${attribute(let_.name)}">${content(let_.text ?? '')}</xsl:${element}>`;
}

function instructions(body: readonly FnInstruction[]): string {
  return body.map(instruction).join('\n');
}

function instruction(node: FnInstruction): string {
  switch (node.op) {
    case 'variable': {
      const as = node.as ? ` as="${attribute(node.as)}"` : '';
      if (node.select !== undefined) {
        return `<xsl:variable name="${node.name}"${as} select="${attribute(node.select)}"/>`;
      }
      const inner = node.body ? instructions(node.body) : content(node.text ?? '');
      return `<xsl:variable name="${node.name}"${as}>${inner}</xsl:variable>`;
    }
    case 'sequence':
      return `<xsl:sequence select="${attribute(node.select)}"/>`;
    case 'value-of': {
      const separator =
        node.separator !== undefined ? ` separator="${attribute(node.separator)}"` : '';
      return `<xsl:value-of select="${attribute(node.select)}"${separator}/>`;
    }
    case 'text':
      return `<xsl:text>${content(node.text)}</xsl:text>`;
    case 'if':
      return `<xsl:if test="${attribute(node.test)}">${instructions(node.body)}</xsl:if>`;
    case 'for-each':
      return `<xsl:for-each select="${attribute(node.select)}">${instructions(node.body)}</xsl:for-each>`;
    case 'choose': {
      const whens = node.whens
        .map(
          (when) =>
            `<xsl:when test="${attribute(when.test)}">${instructions(when.body)}</xsl:when>`,
        )
        .join('');
      const otherwise = node.otherwise
        ? `<xsl:otherwise>${instructions(node.otherwise)}</xsl:otherwise>`
        : '';
      return `<xsl:choose>${whens}${otherwise}</xsl:choose>`;
    }
  }
}

function xslFunction(fn: XslFunction): string {
  const as = fn.as ? ` as="${attribute(fn.as)}"` : '';
  const params = fn.params
    .map((p) => `<xsl:param name="${p.name}"${p.as ? ` as="${attribute(p.as)}"` : ''}/>`)
    .join('\n');
  return `<xsl:function name="${fn.name}"${as}>\n${params}\n${instructions(fn.body)}\n</xsl:function>`;
}

function message(parts: readonly MessagePart[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return content(part);
      if ('select' in part) return `<xsl:value-of select="${attribute(part.select)}"/>`;
      return `<xsl:value-of select="name(${part.name ? attribute(part.name) : '.'})"/>`;
    })
    .join('');
}

function check(c: Check): string {
  const element = c.kind === 'assert' ? 'svrl:failed-assert' : 'svrl:successful-report';
  const report =
    `<${element}>` +
    `<xsl:attribute name="id">${content(c.id)}</xsl:attribute>` +
    `<xsl:attribute name="flag">${content(c.flag)}</xsl:attribute>` +
    `<xsl:attribute name="location"><xsl:apply-templates select="." mode="full-path"/></xsl:attribute>` +
    `<svrl:text>${message(c.message)}</svrl:text></${element}>`;
  const test = attribute(c.test);
  return c.kind === 'assert'
    ? `<xsl:choose><xsl:when test="${test}"/><xsl:otherwise>${report}</xsl:otherwise></xsl:choose>`
    : `<xsl:if test="${test}">${report}</xsl:if>`;
}

/**
 * The location of a node as the skeleton writes it: each element step `*:local[namespace-uri()=
 * 'uri'][n]` (or `name[n]` without a namespace), n counting same-named preceding siblings;
 * an attribute step `@name` or `@*[local-name()='l' and namespace-uri()='uri']`.
 */
const fullPathTemplates = `
<xsl:template match="*" mode="full-path">
  <xsl:apply-templates select="parent::*" mode="full-path"/>
  <xsl:text>/</xsl:text>
  <xsl:choose>
    <xsl:when test="namespace-uri() = ''"><xsl:value-of select="name()"/></xsl:when>
    <xsl:otherwise><xsl:value-of select="concat('*:', local-name(), '[namespace-uri()=''', namespace-uri(), ''']')"/></xsl:otherwise>
  </xsl:choose>
  <xsl:value-of select="concat('[', 1 + count(preceding-sibling::*[local-name() = local-name(current()) and namespace-uri() = namespace-uri(current())]), ']')"/>
</xsl:template>
<xsl:template match="@*" mode="full-path">
  <xsl:apply-templates select="parent::*" mode="full-path"/>
  <xsl:text>/</xsl:text>
  <xsl:choose>
    <xsl:when test="namespace-uri() = ''"><xsl:value-of select="concat('@', name())"/></xsl:when>
    <xsl:otherwise><xsl:value-of select="concat('@*[local-name()=''', local-name(), ''' and namespace-uri()=''', namespace-uri(), ''']')"/></xsl:otherwise>
  </xsl:choose>
</xsl:template>
<xsl:template match="node()" mode="full-path" priority="-1"/>
`;

/** The XSLT 2.0 stylesheet of a schematron model (see the file comment). */
export function schematronToXslt(model: SchematronModel): string {
  // Embedded xsl:functions use the prefixes of the schema element (xs, xsd) that sch:ns omits.
  const ns: Record<string, string> = { xs: XS, xsd: XS, ...model.ns };
  const declarations = Object.entries(ns)
    .filter(([prefix]) => prefix !== 'xsl' && prefix !== 'svrl')
    .map(([prefix, uri]) => ` xmlns:${prefix}="${attribute(uri)}"`)
    .join('');
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xsl:stylesheet version="2.0" xmlns:xsl="${XSL}" xmlns:svrl="${SVRL}"${declarations}>`,
    '<xsl:output method="xml" indent="yes"/>',
  ];
  for (const key of model.keys) {
    out.push(
      `<xsl:key name="${attribute(key.name)}" match="${attribute(key.match)}" use="${attribute(key.use)}"/>`,
    );
  }
  for (const fn of model.functions) out.push(xslFunction(fn));
  for (const let_ of model.lets) out.push(variable('param', let_));
  out.push(fullPathTemplates);

  const root: string[] = ['<xsl:template match="/">', '<svrl:schematron-output>'];
  model.patterns.forEach((pattern, index) => {
    const mode = `M${index}`;
    root.push('<svrl:active-pattern/>', `<xsl:apply-templates select="/" mode="${mode}"/>`);
    for (const let_ of pattern.lets) out.push(variable('variable', let_));
    pattern.rules.forEach((rule, at) => {
      const priority = 1000 + pattern.rules.length - 1 - at;
      out.push(
        `<xsl:template match="${attribute(rule.context)}" mode="${mode}" priority="${priority}">`,
        '<svrl:fired-rule/>',
        ...rule.lets.map((let_) => variable('variable', let_)),
        ...rule.checks.map(check),
        `<xsl:apply-templates select="@*|*" mode="${mode}"/>`,
        '</xsl:template>',
      );
    });
    out.push(
      `<xsl:template match="text()" mode="${mode}" priority="-1"/>`,
      `<xsl:template match="@*|node()" mode="${mode}" priority="-2"><xsl:apply-templates select="@*|*" mode="${mode}"/></xsl:template>`,
    );
  });
  root.push('</svrl:schematron-output>', '</xsl:template>');
  out.push(...root, '</xsl:stylesheet>', '');
  return out.join('\n');
}
