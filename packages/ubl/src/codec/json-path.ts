import type { XElement, XNode } from '../tree/node.ts';
import { childOf, kindOf, rootType } from './descriptor.ts';
import { qualifiedName } from './serialize.ts';

/** How the element is represented in the JSON: its key and whether it is one of an array. */
interface Step {
  key: string;
  many: boolean;
  /** The element's type when the JSON describes its content (not raw XML). */
  type: string | undefined;
}

function position(element: XElement): number {
  let index = 0;
  const { parent } = element;
  if (parent.kind !== 'element') return 0;
  for (const sibling of parent.children) {
    if (sibling === element) break;
    if (
      sibling.kind === 'element' &&
      sibling.local === element.local &&
      sibling.ns === element.ns
    ) {
      index += 1;
    }
  }
  return index;
}

const stepCache = new WeakMap<XElement, Step | undefined>();

/** The step of `element`, undefined when it is inside raw XML (then its ancestor's path). */
function stepOf(element: XElement): Step | undefined {
  if (stepCache.has(element)) return stepCache.get(element);
  let step: Step | undefined;
  const { parent } = element;
  if (parent.kind === 'document') {
    step = { key: element.local, many: false, type: rootType(element.local) };
  } else {
    const parentStep = stepOf(parent);
    const parentKind = parentStep?.type ? kindOf(parentStep.type) : undefined;
    if (parentStep && parentKind === 'complex') {
      const child = childOf(parentStep.type, element.ns, element.local);
      step = child
        ? { key: element.local, many: child.many, type: child.type }
        : { key: `$${qualifiedName(element.prefix, element.local)}`, many: true, type: undefined };
    }
  }
  stepCache.set(element, step);
  return step;
}

function elementPath(element: XElement): string {
  const step = stepOf(element);
  if (!step) {
    // Inside raw XML: the path of the nearest ancestor the JSON describes, then its raw key.
    const parent = element.parent;
    if (parent.kind !== 'element') return '';
    const parentStep = stepOf(parent);
    const parentPath = elementPath(parent);
    return parentStep?.type && kindOf(parentStep.type) === 'any'
      ? `${parentPath}.$xml`
      : parentPath;
  }
  const { parent } = element;
  const prefix = parent.kind === 'element' ? `${elementPath(parent)}.` : '';
  return `${prefix}${step.key}${step.many ? `[${position(element)}]` : ''}`;
}

/**
 * The JSON path of a tree node in the document's JSON (ublToJson): `Invoice.InvoiceLine[0].
 * Item.Name`; an attribute of a basic element as `….PayableAmount.currencyID`, of an aggregate
 * as `….$attrs.name`; text as its element's path; '' for the document.
 */
export function jsonPathOf(node: XNode): string {
  switch (node.kind) {
    case 'document':
      return '';
    case 'text':
      return elementPath(node.parent);
    case 'element':
      return elementPath(node);
    case 'attribute': {
      const path = elementPath(node.parent);
      const step = stepOf(node.parent);
      const name = qualifiedName(node.prefix, node.local);
      if (!step?.type) return path;
      return kindOf(step.type) === 'basic' ? `${path}.${name}` : `${path}.$attrs.${name}`;
    }
  }
}
