// Reading the account's whole package list page by page: a short page is
// the end only when the service gives no total; a package seen on two pages
// (the list moved while it was read) is counted once; a service that stops
// giving anything new ends the reading.
import { describe, expect, it } from "vitest";
import type { PackageDetailsV2 } from "../schemas/index.ts";
import { readAllPages } from "./account-packages.ts";

function packages(...ids: number[]): PackageDetailsV2[] {
  return ids.map((package_id) => ({ package_id }));
}

/** A list served `size` at a time, whatever the page size asked, with its total. */
function pages(list: PackageDetailsV2[], size: number, total: number | undefined = list.length) {
  const asked: number[] = [];
  const read = async (page: number) => {
    asked.push(page);
    return { packages: list.slice((page - 1) * size, page * size), total };
  };
  return { read, asked };
}

describe("readAllPages", () => {
  it("reads on past a short page while the total says there is more", async () => {
    // The service caps its pages at 100 whatever the page size asked.
    const list = packages(...Array.from({ length: 250 }, (_, i) => i + 1));
    const { read, asked } = pages(list, 100);
    const all = await readAllPages(read, 500);
    expect(all.map((p) => p.package_id)).toEqual(list.map((p) => p.package_id));
    expect(asked).toEqual([1, 2, 3]);
  });

  it("counts a package seen on two pages once, the later reading kept", async () => {
    const answers = [
      { packages: [...packages(1, 2), { package_id: 3, state: "waiting" }], total: 5 },
      // A package was added in front while the list was read: 3 comes again.
      { packages: [{ package_id: 3, state: "ordered" }, ...packages(4, 5)], total: 6 },
      { packages: packages(6), total: 6 },
    ];
    const all = await readAllPages(async (page) => answers[page - 1] ?? { packages: [] }, 3);
    expect(all.map((p) => p.package_id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.find((p) => p.package_id === 3)?.state).toBe("ordered");
  });

  it("ends at a short page when there is no total, and at an empty or stale page", async () => {
    const { read, asked } = pages(packages(1, 2, 3), 2, undefined);
    expect((await readAllPages(read, 2)).map((p) => p.package_id)).toEqual([1, 2, 3]);
    expect(asked).toEqual([1, 2]);
    // A total the list never reaches: the empty page ends it.
    const short = pages(packages(1, 2, 3), 2, 10);
    expect((await readAllPages(short.read, 2)).map((p) => p.package_id)).toEqual([1, 2, 3]);
    // A service that answers every page with the first: nothing new ends it.
    const same = await readAllPages(async () => ({ packages: packages(1, 2), total: 10 }), 2);
    expect(same.map((p) => p.package_id)).toEqual([1, 2]);
  });
});
