/**
 * The two steps around the MDX compiler (index.ts adds them): `hold` runs first
 * on the page's file, `restore` runs last on the compiled module and reads the
 * page again for its literal. Reading it again keeps the steps stateless: the
 * client and server compilations share one MDX compilation per page
 * (Docusaurus's cross-compiler cache), so state kept per compilation would not
 * match.
 */
const {readFile} = require('node:fs/promises');
const {holdProps, restoreProps} = require('./heldProps.cjs');

module.exports = function propsLoader(source) {
  const {step} = this.getOptions();
  if (step === 'hold') return holdProps(source, this.resourcePath);
  const callback = this.async();
  readFile(this.resourcePath, 'utf8').then(
    (page) => {
      let restored;
      try {
        restored = restoreProps(source, page, this.resourcePath);
      } catch (error) {
        callback(error);
        return;
      }
      callback(null, restored);
    },
    (error) => callback(error),
  );
};
