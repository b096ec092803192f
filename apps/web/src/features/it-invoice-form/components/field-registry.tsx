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
