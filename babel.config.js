// Used by tools that still go through Babel; the build itself compiles with SWC
// (future.v4 turns on @docusaurus/faster).
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
