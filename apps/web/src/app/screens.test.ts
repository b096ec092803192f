import { describe, expect, it } from 'vitest';
import en from '../locales/en/shell.json';
import { shellNamespaces } from '../lib/i18n';
import { screens } from './screens';
import { menuSections } from './shell/menu-sections';

const menuEntries = screens.flatMap((screen) => screen.menu ?? []);

describe('screen declarations', () => {
  it('declare each path once', () => {
    const paths = screens.map((screen) => screen.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('put every menu entry into a section of its menu, with a label', () => {
    for (const entry of menuEntries) {
      const sections = menuSections[entry.context].map((section) => section.id);
      expect(sections, `${entry.context}/${entry.id}`).toContain(entry.section);
      expect(Object.keys(en.menu.items), entry.id).toContain(entry.id);
    }
  });

  it('give each menu entry its own place in its section', () => {
    const places = menuEntries.map((entry) => `${entry.context}/${entry.section}/${entry.order}`);
    expect(places.filter((place, index) => places.indexOf(place) !== index)).toEqual([]);
  });

  it("declare the namespaces of every page: files that exist, none of the shell's again", () => {
    const files = Object.keys(import.meta.glob('../locales/en/*.json'));
    const existing = files.map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'));
    for (const screen of screens) {
      if (!screen.page) continue;
      // The not-found-like public pages show only the common texts.
      const declared = screen.namespaces ?? [];
      for (const namespace of declared) {
        expect(existing, `${screen.path}: ${namespace}`).toContain(namespace);
        expect(shellNamespaces, `${screen.path}: ${namespace}`).not.toContain(namespace);
      }
      if (!screen.public)
        expect(declared.length, `${screen.path} declares no namespace`).toBeGreaterThan(0);
    }
  });

  it('label every user menu entry', () => {
    for (const screen of screens) {
      if (screen.userMenu) expect(Object.keys(en.userMenu)).toContain(screen.userMenu.id);
    }
  });
});
