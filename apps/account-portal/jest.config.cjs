module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'account-portal',
  rootDir: __dirname,
};
