import { FORM_DESCRIPTORS } from './descriptor.generated.ts';

/** One child element of a complex type, in schema order. */
export interface ChildDescriptor {
  readonly name: string;
  /** Its complex type (a key of `types`); absent for an element holding text. */
  readonly type?: string;
  /** maxOccurs > 1 (of the element or a group around it): always an array in JSON. */
  readonly many?: true;
  /** It may be left out (minOccurs="0", or a branch of a choice, itself or a group around it). */
  readonly optional?: true;
  /** The attributes it may carry. */
  readonly attributes?: readonly string[];
}

export interface FormDescriptor {
  readonly namespace: string;
  readonly root: string;
  readonly types: Readonly<Record<string, readonly ChildDescriptor[]>>;
}

export type KsefForm = 'FA(3)' | 'FA(2)' | 'FA_RR(1)';

export const FORMS: Readonly<Record<KsefForm, FormDescriptor>> = FORM_DESCRIPTORS;

/** The form whose target namespace is `namespace`. */
export function formOfNamespace(namespace: string): KsefForm | undefined {
  return (Object.keys(FORMS) as KsefForm[]).find((form) => FORMS[form].namespace === namespace);
}

const childMaps = new Map<KsefForm, Map<string, Map<string, ChildDescriptor>>>();

/** The children of `type` in form `form`, by name. */
export function childrenOf(form: KsefForm, type: string): Map<string, ChildDescriptor> {
  let ofForm = childMaps.get(form);
  if (!ofForm) {
    ofForm = new Map();
    childMaps.set(form, ofForm);
  }
  let map = ofForm.get(type);
  if (!map) {
    map = new Map((FORMS[form].types[type] ?? []).map((child) => [child.name, child]));
    ofForm.set(type, map);
  }
  return map;
}
