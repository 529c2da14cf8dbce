/**
 * Small helpers over HAST trees (hast-util-from-html's output) that the
 * twins' converters share: class tests, searches, text and new elements.
 */
import type {Element, ElementContent, Nodes, Text} from 'hast';
import {oneLine} from './markdown-text';

/** Zero-width spaces Docusaurus puts in heading anchors. */
export const zeroWidth = /\u200b/g;

export function isElement(node: Nodes | undefined): node is Element {
  return node?.type === 'element';
}

export function classes(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

export function hasClass(node: Element, name: string): boolean {
  return classes(node).includes(name);
}

/** CSS-module classes carry a build hash (`codeBlockTitle_OeMC`); match their stable prefix. */
export function hasClassPrefix(node: Element, prefix: string): boolean {
  return classes(node).some((name) => name === prefix || name.startsWith(`${prefix}_`));
}

export function findAll(node: Nodes, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(node) && test(node)) found.push(node);
  if ('children' in node) for (const child of node.children) findAll(child, test, found);
  return found;
}

export function findFirst(node: Nodes, test: (element: Element) => boolean): Element | undefined {
  return findAll(node, test)[0];
}

export function textContent(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map(textContent).join('');
  return '';
}

export function text(value: string): Text {
  return {type: 'text', value};
}

export function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return {type: 'element', tagName, properties, children};
}

/** A paragraph holding a bold label: how tabs, admonitions and collapsibles are introduced. */
export function label(value: string): Element {
  return element('p', [element('strong', [text(oneLine(value))])]);
}
