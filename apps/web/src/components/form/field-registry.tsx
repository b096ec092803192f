/**
 * Which fields a form shows: each kit field registers its name, so a server violation goes onto
 * a field the user can see and the rest into the alert (form dialogs and the invoice form).
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';

/**
 * The names of the fields on screen. A server violation goes onto its field only when that
 * field is shown; otherwise react-hook-form would keep an error nobody can see, and the
 * violation belongs in the alert instead.
 */
export class FieldRegistry {
  private readonly counts = new Map<string, number>();

  add(name: string): () => void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    return () => {
      const count = (this.counts.get(name) ?? 1) - 1;
      if (count <= 0) this.counts.delete(name);
      else this.counts.set(name, count);
    };
  }

  has(name: string): boolean {
    return this.counts.has(name);
  }

  names(): string[] {
    return [...this.counts.keys()];
  }
}

const FieldRegistryContext = createContext<FieldRegistry | null>(null);

export function FieldRegistryProvider({
  registry,
  children,
}: {
  registry: FieldRegistry;
  children: ReactNode;
}) {
  return <FieldRegistryContext.Provider value={registry}>{children}</FieldRegistryContext.Provider>;
}

export function useRegisterField(name: string) {
  const registry = useContext(FieldRegistryContext);
  useEffect(() => registry?.add(name), [registry, name]);
}

/**
 * Registers fields that can be shown on demand (a folded optional block): a violation on one of
 * them is set on the form, which unfolds the block and shows it.
 */
export function useRegisterFields(names: readonly string[]) {
  const registry = useContext(FieldRegistryContext);
  // The list is rebuilt on every render; its content is what matters.
  const key = names.join('\n');
  useEffect(() => {
    if (!registry || key === '') return undefined;
    const removers = key.split('\n').map((name) => registry.add(name));
    return () => removers.forEach((remove) => remove());
  }, [registry, key]);
}
