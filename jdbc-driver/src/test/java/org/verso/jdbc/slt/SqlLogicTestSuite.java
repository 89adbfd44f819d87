package org.verso.jdbc.slt;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs files of SQLite's sqllogictest corpus (the copy in the Maven artifact {@code net.hydromatic:sql-logic-test})
 * through a JDBC URL, each file on a fresh database, and writes a summary and every failure to a report file.
 * Verso answers as PostgreSQL would, so records marked {@code skipif postgresql} are skipped and those marked
 * {@code onlyif} another database are too.
 */
final class SqlLogicTestSuite {
    /** The quick subset: 29 files, each kind of the corpus once, the smallest size of each index file. */
    static final List<String> QUICK = quickSubset();

    static final String IDENTITY = "postgresql";

    /** The sum of the outcomes of a run. */
    record Summary(int files, int queries, int passed, int statementsFailed, List<SltRunner.Outcome> outcomes) {
        double passRate() {
            return queries == 0 ? 0 : (double) passed / queries;
        }

        String describe() {
            return String.format("sqllogictest: %d files, %d of %d queries passed (%.2f%%), %d statements failed",
                files, passed, queries, 100 * passRate(), statementsFailed);
        }
    }

    private SqlLogicTestSuite() {
    }

    private static List<String> quickSubset() {
        List<String> files = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            files.add("test/select" + i + ".test");
        }
        for (String evidence : List.of("in1", "in2", "slt_lang_aggfunc", "slt_lang_createtrigger",
            "slt_lang_createview", "slt_lang_dropindex", "slt_lang_droptable", "slt_lang_droptrigger",
            "slt_lang_dropview", "slt_lang_reindex", "slt_lang_replace", "slt_lang_update")) {
            files.add("test/evidence/" + evidence + ".test");
        }
        for (String index : List.of("between", "commute", "delete", "in", "orderby", "orderby_nosort", "random",
            "view")) {
            files.add("test/index/" + index + "/10/slt_good_0.test");
        }
        for (String random : List.of("aggregates", "expr", "groupby", "select")) {
            files.add("test/random/" + random + "/slt_good_0.test");
        }
        return List.copyOf(files);
    }

    /**
     * The broad run: of every directory of the corpus, the first {@code perDirectory} files in name order (the
     * whole corpus, 622 files and 7 million queries, would take hours).
     */
    static List<String> broad(int perDirectory) throws IOException {
        Map<String, List<String>> byDirectory = new java.util.TreeMap<>();
        for (String file : allFiles()) {
            byDirectory.computeIfAbsent(file.substring(0, file.lastIndexOf('/')), d -> new ArrayList<>()).add(file);
        }
        List<String> chosen = new ArrayList<>();
        byDirectory.values().forEach(files -> chosen.addAll(files.subList(0, Math.min(perDirectory, files.size()))));
        return chosen;
    }

    /** Every file of the corpus, in name order. */
    static List<String> allFiles() throws IOException {
        URI jar = URI.create(resourceUrl("test/select1.test").replaceFirst("!/.*", "!/"));
        try (FileSystem fs = FileSystems.newFileSystem(jar, Map.of());
             Stream<Path> paths = Files.walk(fs.getPath("/test"))) {
            return paths.map(Path::toString).filter(p -> p.endsWith(".test")).map(p -> p.substring(1)).sorted()
                .toList();
        }
    }

    /**
     * Runs {@code files}, each against a fresh database from {@code urlPrefix} + a unique name, giving a file at
     * most {@code fileSeconds}; writes the report to {@code report}.
     */
    static Summary run(List<String> files, String urlPrefix, int fileSeconds, Path report) throws Exception {
        List<SltRunner.Outcome> outcomes = new ArrayList<>();
        ExecutorService worker = Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "sqllogictest");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (String file : files) {
                SltScript script = load(file);
                Future<SltRunner.Outcome> future = worker.submit(() -> {
                    try (Connection connection = DriverManager.getConnection(
                        urlPrefix + "slt_" + UUID.randomUUID().toString().replace("-", ""))) {
                        return SltRunner.run(script, connection);
                    }
                });
                outcomes.add(await(future, script, fileSeconds));
            }
        } finally {
            worker.shutdownNow();
        }
        Summary summary = new Summary(outcomes.size(), outcomes.stream().mapToInt(SltRunner.Outcome::queries).sum(),
            outcomes.stream().mapToInt(SltRunner.Outcome::passed).sum(),
            outcomes.stream().mapToInt(SltRunner.Outcome::statementsFailed).sum(), outcomes);
        write(summary, report);
        return summary;
    }

    private static SltRunner.Outcome await(Future<SltRunner.Outcome> future, SltScript script, int fileSeconds)
        throws InterruptedException {
        try {
            return future.get(fileSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return new SltRunner.Outcome(script.name, script.queryCount(), 0, 0,
                List.of(script.name + ": did not finish within " + fileSeconds + " s; every query counted failed"));
        } catch (ExecutionException e) {
            return new SltRunner.Outcome(script.name, script.queryCount(), 0, 0,
                List.of(script.name + ": could not run: " + e.getCause()));
        }
    }

    private static SltScript load(String file) throws IOException {
        try (InputStream in = SqlLogicTestSuite.class.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException("no sqllogictest file " + file + " on the test class path");
            }
            return SltScript.parse(file, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)),
                IDENTITY);
        }
    }

    private static String resourceUrl(String file) throws IOException {
        var url = SqlLogicTestSuite.class.getClassLoader().getResource(file);
        if (url == null) {
            throw new IOException("no sqllogictest file " + file + " on the test class path");
        }
        return url.toString();
    }

    private static void write(Summary summary, Path report) throws IOException {
        Files.createDirectories(report.getParent());
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(report, StandardCharsets.UTF_8))) {
            out.println(summary.describe());
            out.println();
            out.println("file | queries | passed | failed | statements failed");
            for (SltRunner.Outcome outcome : summary.outcomes()) {
                out.printf("%s | %d | %d | %d | %d%n", outcome.file(), outcome.queries(), outcome.passed(),
                    outcome.failed(), outcome.statementsFailed());
            }
            out.println();
            for (SltRunner.Outcome outcome : summary.outcomes()) {
                outcome.failures().forEach(out::println);
            }
        }
    }
}
