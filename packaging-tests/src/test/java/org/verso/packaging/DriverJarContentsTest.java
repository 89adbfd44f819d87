package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What is inside the driver jar: only Verso's classes (its dependencies relocated under {@code org.verso.shaded}),
 * only Verso's driver registered, nothing that could bind to a class of the application, and a bounded size.
 */
class DriverJarContentsTest {
    /**
     * The size the jar must not grow beyond, with every entry deflated. It was 32.3 MB with every dependency of
     * Calcite unrelocated; minimized and relocated it was 14.4 MB, and 13.7 MB once metadata went through reflection
     * proxies instead of handlers compiled by Janino, which left the jar (H2's whole jar is 2.6 MB). The rest is what
     * Verso's use of Calcite reaches class by class: Calcite's core with its planner rules, parsers and metadata
     * system (about 9 MB) and Guava (1.5 MB). A dependency slipping back in adds megabytes and fails this check.
     * Verso's own classes grow by kilobytes (its grammar, the engine's features: 14.0 MB by 2026-11-27; 14.48 MB by
     * 2026-11-28, when Calcite's streaming package came back in because view expansion needs one of its classes),
     * which the margin leaves room for.
     */
    private static final long MAX_DEFLATED_BYTES = 15_000_000;
    /**
     * The size of the jar file itself, which stores the classes of a JVM's first statements uncompressed (see
     * {@link StartupClassesTest}): 19.4 MB when they were 1,190 classes, on 2026-11-28.
     */
    private static final long MAX_FILE_BYTES = 20_500_000;

    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/(.*)");
    private static final Pattern TYPE_IN_DESCRIPTOR = Pattern.compile("L([^;<]+)[;<]");

    private static Path jar;
    private static ZipFile zip;

    @BeforeAll
    static void open() throws IOException {
        jar = DriverJar.path();
        zip = new ZipFile(jar.toFile());
    }

    @AfterAll
    static void close() throws IOException {
        zip.close();
    }

    @Test
    void everyClassIsVersos() {
        List<String> foreign = new ArrayList<>();
        for (ZipEntry entry : Collections.list(zip.entries())) {
            String name = entry.getName();
            Matcher versioned = VERSIONED.matcher(name);
            String path = versioned.matches() ? versioned.group(1) : name;
            if (name.endsWith(".class") && !path.startsWith("org/verso/")) {
                foreign.add(name);
            }
        }
        assertEquals(List.of(), foreign);
    }

    @Test
    void everythingOutsideOrgVersoIsJarMetadata() {
        List<String> foreign = new ArrayList<>();
        for (ZipEntry entry : Collections.list(zip.entries())) {
            String name = entry.getName();
            if (!entry.isDirectory() && !name.startsWith("org/verso/") && !name.startsWith("META-INF/")) {
                foreign.add(name);
            }
        }
        assertEquals(List.of(), foreign);
    }

    @Test
    void onlyVersosDriverIsRegistered() throws IOException {
        assertEquals(List.of("org.verso.jdbc.VersoDriver"), serviceProviders("META-INF/services/java.sql.Driver"));
        assertNotNull(zip.getEntry("org/verso/jdbc/VersoDriver.class"));
    }

    /**
     * Service files are looked up by name by whoever reads them: an unrelocated name would be found by the
     * application's copy of a library, and a provider that is not in the jar would fail when loaded.
     */
    @Test
    void serviceFilesAreVersosAndNameClassesOfTheJar() throws IOException {
        List<String> problems = new ArrayList<>();
        int files = 0;
        for (ZipEntry entry : Collections.list(zip.entries())) {
            String name = entry.getName();
            if (entry.isDirectory() || !name.startsWith("META-INF/services/")) {
                continue;
            }
            files++;
            String service = name.substring("META-INF/services/".length());
            if (!service.equals("java.sql.Driver") && !service.startsWith("org.verso.")
                && !service.startsWith("org/verso/")) {
                problems.add(name + " is not in Verso's namespace");
            }
            for (String provider : serviceProviders(name)) {
                if (zip.getEntry(provider.replace('.', '/') + ".class") == null) {
                    problems.add(name + " names " + provider + ", which is not in the jar");
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(files >= 2, "expected the driver and the shell's terminal provider");
    }

    /** Calcite's metadata runs through reflection proxies (engine-sql's Clusters), so no Java compiler is packed. */
    @Test
    void noRuntimeCompilerIsPacked() {
        assertTrue(Collections.list(zip.entries()).stream()
            .noneMatch(e -> e.getName().startsWith("org/verso/shaded/org/codehaus/janino/")),
            "Janino's classes are in the jar");
    }

    /**
     * Every class that a class of the jar names (in its constant pool: classes, and the types of the fields and
     * methods it uses) is either Verso's, relocated, or the JDK's. So no class of the jar can resolve to a class
     * that the application happens to have, whatever else is on its class path. Names of classes left out of the
     * jar (such as Jackson's databind, used only by Calcite functions Verso never runs) are allowed as long as they
     * are relocated: they can only fail, never bind to the application's copy.
     */
    @Test
    void classesReferToNothingButVersoAndTheJdk() throws IOException {
        Set<String> jdkPackages = new HashSet<>();
        ModuleLayer.boot().modules().forEach(module -> module.getPackages()
            .forEach(p -> jdkPackages.add(p.replace('.', '/'))));
        Set<String> foreign = new TreeSet<>();
        int classes = 0;
        for (ZipEntry entry : Collections.list(zip.entries())) {
            if (!entry.getName().endsWith(".class")) {
                continue;
            }
            classes++;
            try (InputStream in = zip.getInputStream(entry)) {
                for (String type : referencedTypes(in.readAllBytes())) {
                    int slash = type.lastIndexOf('/');
                    String pkg = slash < 0 ? "" : type.substring(0, slash);
                    if (!type.startsWith("org/verso/") && !jdkPackages.contains(pkg)) {
                        foreign.add(type + " (from " + entry.getName() + ")");
                    }
                }
            }
        }
        assertTrue(classes > 1000, "only " + classes + " classes: is this the shaded jar?");
        assertEquals(Set.of(), foreign);
    }

    /** Calcite reads its error messages from a resource bundle named after its (relocated) resource interface. */
    @Test
    void calcitesMessagesMovedWithItsClasses() {
        String base = "org/verso/shaded/org/apache/calcite/runtime/CalciteResource";
        assertNotNull(zip.getEntry(base + ".class"));
        assertNotNull(zip.getEntry(base + ".properties"));
    }

    @Test
    void jarSizeIsBounded() throws IOException {
        long size = Files.size(jar);
        // The file's size with each stored entry's bytes replaced by their deflated length.
        long deflated = size;
        int stored = 0;
        for (ZipEntry entry : Collections.list(zip.entries())) {
            if (entry.getMethod() == ZipEntry.STORED) {
                stored++;
                try (InputStream in = zip.getInputStream(entry)) {
                    deflated += deflatedLength(in.readAllBytes()) - entry.getCompressedSize();
                }
            }
        }
        System.out.printf("driver jar %s: %,d bytes (%.2f MB; %.2f MB with every entry deflated), %,d entries, %,d"
            + " stored%n", jar.getFileName(), size, size / 1e6, deflated / 1e6, zip.size(), stored);
        assertTrue(deflated <= MAX_DEFLATED_BYTES, "the driver jar's entries deflate to " + deflated
            + " bytes, more than " + MAX_DEFLATED_BYTES);
        assertTrue(size <= MAX_FILE_BYTES, "the driver jar is " + size + " bytes, more than " + MAX_FILE_BYTES);
    }

    private static long deflatedLength(byte[] content) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            deflater.setInput(content);
            deflater.finish();
            byte[] buffer = new byte[8192];
            long length = 0;
            while (!deflater.finished()) {
                length += deflater.deflate(buffer);
            }
            return length;
        } finally {
            deflater.end();
        }
    }

    /** The provider class names in a service file: one per line, or a {@code class = NAME} property (JLine). */
    private static List<String> serviceProviders(String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertNotNull(entry, name);
        List<String> providers = new ArrayList<>();
        try (InputStream in = zip.getInputStream(entry)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String content = line.replaceFirst("#.*", "").trim();
                if (!content.isEmpty()) {
                    providers.add(content.replaceFirst("^class\\s*=\\s*", ""));
                }
            }
        }
        return providers;
    }

    /**
     * The internal names of the types a class file refers to: its CONSTANT_Class entries and the types in the
     * descriptors of the fields, methods and method types it uses (JVMS 4.4).
     */
    private static Set<String> referencedTypes(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        in.skipBytes(8); // magic, minor and major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> classNames = new ArrayList<>();
        List<Integer> descriptors = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNames.add(in.readUnsignedShort());
                case 16 -> descriptors.add(in.readUnsignedShort()); // MethodType
                case 12 -> { // NameAndType
                    in.readUnsignedShort();
                    descriptors.add(in.readUnsignedShort());
                }
                case 8, 19, 20 -> in.skipBytes(2); // String, Module, Package
                case 15 -> in.skipBytes(3); // MethodHandle
                case 3, 4, 9, 10, 11, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> { // Long and Double take two slots
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> types = new HashSet<>();
        for (int index : classNames) {
            String name = utf8[index];
            if (name.startsWith("[")) {
                addDescriptorTypes(name, types);
            } else {
                types.add(name);
            }
        }
        for (int index : descriptors) {
            addDescriptorTypes(utf8[index], types);
        }
        return types;
    }

    private static void addDescriptorTypes(String descriptor, Set<String> types) {
        Matcher type = TYPE_IN_DESCRIPTOR.matcher(descriptor);
        while (type.find()) {
            types.add(type.group(1));
        }
    }
}
