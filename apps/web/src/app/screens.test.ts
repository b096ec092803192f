import { describe, expect, it } from 'vitest';
import en from '../locales/en/shell.json';
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

  it('label every user menu entry', () => {
    for (const screen of screens) {
      if (screen.userMenu) expect(Object.keys(en.userMenu)).toContain(screen.userMenu.id);
    }
  });
});
