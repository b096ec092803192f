/*
 * Reading the JSON bodies the sandbox receives. They come from HTTP as anything at all, so each
 * field is checked as the OpenAPI declares it; every problem found is listed in one 21405
 * ("Błąd walidacji danych wejściowych.") as KSeF does.
 */
import { ksefException } from './codes.ts';

export class BodyReader {
  private readonly problems: string[] = [];
  private readonly body: Record<string, unknown>;

  constructor(
    value: unknown,
    private readonly prefix = '',
  ) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.problems.push(`${prefix || 'Treść żądania'} musi być obiektem JSON.`);
      this.body = {};
    } else {
      this.body = value as Record<string, unknown>;
    }
  }

  private name(key: string): string {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }

  private problem(message: string): void {
    this.problems.push(message);
  }

  has(key: string): boolean {
    return this.body[key] !== undefined && this.body[key] !== null;
  }

  string(key: string, options: { min?: number; max?: number } = {}): string {
    const value = this.body[key];
    if (typeof value !== 'string') {
      this.problem(`Pole '${this.name(key)}' jest wymagane (tekst).`);
      return '';
    }
    if (options.min !== undefined && value.length < options.min) {
      this.problem(`Pole '${this.name(key)}' musi mieć co najmniej ${options.min} znaków.`);
    }
    if (options.max !== undefined && value.length > options.max) {
      this.problem(`Pole '${this.name(key)}' może mieć co najwyżej ${options.max} znaków.`);
    }
    return value;
  }

  optionalString(key: string, options: { min?: number; max?: number } = {}): string | undefined {
    return this.has(key) ? this.string(key, options) : undefined;
  }

  integer(key: string, options: { min?: number } = {}): number {
    const value = this.body[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      this.problem(`Pole '${this.name(key)}' jest wymagane (liczba całkowita).`);
      return 0;
    }
    if (options.min !== undefined && value < options.min) {
      this.problem(`Pole '${this.name(key)}' musi wynosić co najmniej ${options.min}.`);
    }
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    if (!this.has(key)) return undefined;
    const value = this.body[key];
    if (typeof value !== 'boolean') {
      this.problem(`Pole '${this.name(key)}' musi być wartością logiczną.`);
      return undefined;
    }
    return value;
  }

  optionalNumber(key: string): number | undefined {
    if (!this.has(key)) return undefined;
    const value = this.body[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.problem(`Pole '${this.name(key)}' musi być liczbą.`);
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.body[key];
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.problem(`Pole '${this.name(key)}' musi mieć jedną z wartości: ${allowed.join(', ')}.`);
      return allowed[0] as T;
    }
    return value as T;
  }

  optionalOneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    return this.has(key) ? this.oneOf(key, allowed) : undefined;
  }

  /** An array of allowed strings; `required` refuses an absent or empty one. */
  listOf<T extends string>(key: string, allowed: readonly T[], required: boolean): T[] {
    const value = this.body[key];
    if (value === undefined || value === null) {
      if (required) this.problem(`Pole '${this.name(key)}' jest wymagane (lista).`);
      return [];
    }
    if (!Array.isArray(value) || (required && value.length === 0)) {
      this.problem(`Pole '${this.name(key)}' musi być niepustą listą.`);
      return [];
    }
    const bad = value.filter(
      (item) => typeof item !== 'string' || !(allowed as readonly string[]).includes(item),
    );
    if (bad.length > 0) {
      this.problem(
        `Pole '${this.name(key)}' zawiera nieznane wartości: ${bad.map(String).join(', ')}.`,
      );
    }
    return value.filter((item): item is T => !bad.includes(item));
  }

  /** An optional array of strings each accepted by `accept`. */
  listWhere(key: string, accept: (value: string) => boolean): string[] {
    const value = this.body[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.problem(`Pole '${this.name(key)}' musi być listą.`);
      return [];
    }
    const good = value.filter((item): item is string => typeof item === 'string' && accept(item));
    if (good.length !== value.length) {
      this.problem(`Pole '${this.name(key)}' zawiera niepoprawne wartości.`);
    }
    return good;
  }

  /** A nested object, read by its own reader whose problems join this one's. */
  object(key: string, required = true): BodyReader | undefined {
    if (!this.has(key)) {
      if (required) this.problem(`Pole '${this.name(key)}' jest wymagane.`);
      return undefined;
    }
    const nested = new BodyReader(this.body[key], this.name(key));
    this.nested.push(nested);
    return nested;
  }

  private readonly nested: BodyReader[] = [];

  /** Throws the 21405 listing every problem of this body and its nested objects. */
  done(): void {
    const all = [...this.problems, ...this.nested.flatMap((nested) => nested.allProblems())];
    if (all.length > 0) throw ksefException('validation', all);
  }

  private allProblems(): string[] {
    return [...this.problems, ...this.nested.flatMap((nested) => nested.allProblems())];
  }

  /** Adds a problem found by the caller (a value of the right type but wrong content). */
  refuse(message: string): void {
    this.problems.push(message);
  }
}
