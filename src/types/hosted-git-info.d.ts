// The part of hosted-git-info's API this project uses (the package ships no types;
// @types/hosted-git-info describes an older major).
declare module "hosted-git-info" {
  interface GitHost {
    readonly type: string;
    readonly user: string;
    readonly project: string;
    readonly domain: string;
  }
  const hostedGitInfo: { fromUrl(url: string, options?: { noCommittish?: boolean; noGitPlus?: boolean }): GitHost | undefined };
  export default hostedGitInfo;
}
