/**
 * Reading a page's animations in tests: `Element.getAnimations()` gives each
 * animation's keyframes, whose keys mix the animated CSS properties with the
 * keyframe's own timing fields. The page sends the keys; these name the
 * properties.
 */

/** A keyframe's keys that are not animated properties (Web Animations, `getKeyframes()`). */
const keyframeTimingKeys = new Set(['offset', 'computedOffset', 'easing', 'composite']);

/** What the compositor animates without repainting the page. */
const compositedProperties = new Set(['opacity', 'transform']);

/** The CSS properties an animation's keyframes animate, each once, from the keys of its keyframes. */
export function animatedProperties(keyframeKeys: readonly string[]): string[] {
  return [...new Set(keyframeKeys.filter((key) => !keyframeTimingKeys.has(key)))];
}

/** Those of the properties that make the page repaint every frame. */
export function repaintingProperties(keyframeKeys: readonly string[]): string[] {
  return animatedProperties(keyframeKeys).filter((property) => !compositedProperties.has(property));
}
