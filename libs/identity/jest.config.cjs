module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'identity',
  rootDir: __dirname,
};
