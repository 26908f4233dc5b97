module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'ui',
  rootDir: __dirname,
};
